"""The smoothing strategies of docs/design.md and obstacle rule written out plainly in Python, as the references
the CLI tests hold railforge-cli to. Slow and obvious on purpose: lists copied at every step, every
obstacle checked for every segment, no index, no shortcut."""
import math


class Ambiguous(Exception):
    """A decision came within rounding of its threshold: an independent reference cannot promise the
    same answer there, so the caller draws another input."""


# ---- Vectors (tuples of 3 floats) ----

def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a):
    return math.sqrt(dot(a, a))


def toward(p, q, ratio):
    """p + ratio (q - p), component by component."""
    return (p[0] + ratio * (q[0] - p[0]), p[1] + ratio * (q[1] - p[1]), p[2] + ratio * (q[2] - p[2]))


def turn_degrees(a, b):
    """The turn between directions a and b: atan2(|a x b|, a . b) in degrees."""
    return math.atan2(norm(cross(a, b)), dot(a, b)) * 180.0 / math.pi


# ---- chaikin ----

def _distinct(points, closed):
    q = []
    for p in points:
        if not q or q[-1] != p:
            q.append(p)
    while closed and len(q) > 1 and q[-1] == q[0]:
        q.pop()
    return q


def _reject_outliers(q, closed, outlier_angle):
    n = len(q)
    kept = [q[0]]
    if not closed:
        for i in range(1, n - 1):
            if turn_degrees(sub(q[i], kept[-1]), sub(q[i + 1], q[i])) < outlier_angle:
                kept.append(q[i])
        kept.append(q[n - 1])
        return kept
    # Closed: P0 is trusted; P1..P(n-1) are tested with P0 after P(n-1), never leaving fewer than 3.
    for i in range(1, n):
        outlier = turn_degrees(sub(q[i], kept[-1]), sub(q[(i + 1) % n], q[i])) >= outlier_angle
        if not (outlier and len(kept) + (n - 1 - i) >= 3):
            kept.append(q[i])
    return kept


def _cut(q, closed, ratio, angle_limit):
    n = len(q)
    out = []

    def corner(prev, cur, nxt):
        if turn_degrees(sub(cur, prev), sub(nxt, cur)) >= angle_limit:
            out.append(toward(cur, prev, ratio))
            out.append(toward(cur, nxt, ratio))
        else:
            out.append(cur)

    if closed:
        for i in range(n):
            corner(q[(i - 1) % n], q[i], q[(i + 1) % n])
    else:
        out.append(q[0])
        for i in range(1, n - 1):
            corner(q[i - 1], q[i], q[i + 1])
        out.append(q[n - 1])
    return out


def chaikin(points, closed, iterations, ratio, angle_limit, reject_outliers, outlier_angle):
    p = list(points)
    for _ in range(iterations):
        p = _distinct(p, closed)
        if len(p) < 3:
            return p
        if reject_outliers:
            p = _reject_outliers(p, closed, outlier_angle)
        p = _cut(p, closed, ratio, angle_limit)
    return p


# ---- catmull-rom (the Barry-Goldman pyramid over the knots t_(i+1) = t_i + |P_(i+1) - P_i|^alpha) ----

def _knot_lerp(a, b, ta, tb, t):
    if tb == ta:  # only between equal points (alpha > 0): the limit is that point
        return a
    return tuple(a[k] * ((tb - t) / (tb - ta)) + b[k] * ((t - ta) / (tb - ta)) for k in range(3))


def catmull_rom(points, closed, subdivisions, alpha, endpoints):
    n = len(points)
    if n < 2:
        return list(points)
    if closed:
        ext = [points[(k - 1) % n] for k in range(n + 3)]
    else:
        first = tuple(2 * points[0][k] - points[1][k] for k in range(3)) if endpoints == "reflect" else points[0]
        last = tuple(2 * points[-1][k] - points[-2][k] for k in range(3)) if endpoints == "reflect" else points[-1]
        ext = [first] + list(points) + [last]
    knots = [0.0]
    for k in range(1, len(ext)):
        knots.append(knots[-1] + norm(sub(ext[k], ext[k - 1])) ** alpha)
    out = []
    for i in range(n if closed else n - 1):
        p, t = ext[i:i + 4], knots[i:i + 4]
        for j in range(subdivisions):
            u = t[1] + (j / subdivisions) * (t[2] - t[1])
            a1 = _knot_lerp(p[0], p[1], t[0], t[1], u)
            a2 = _knot_lerp(p[1], p[2], t[1], t[2], u)
            a3 = _knot_lerp(p[2], p[3], t[2], t[3], u)
            b1 = _knot_lerp(a1, a2, t[0], t[2], u)
            b2 = _knot_lerp(a2, a3, t[1], t[3], u)
            out.append(_knot_lerp(b1, b2, t[1], t[2], u))
    if not closed:
        out.append(points[-1])
    return out


# ---- obstacles on the ground plane: ("circle", (cx, cy), r) or ("polygon", [(x, y), ...]) ----

def _point_segment_2d(p, a, b):
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    lx, ly = bx - ax, by - ay
    length2 = lx * lx + ly * ly
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * lx + (p[1] - ay) * ly) / length2))
    return math.hypot(p[0] - ax - t * lx, p[1] - ay - t * ly)


def _orientation(o, p, q):
    return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])


def _segments_cross(a, b, c, d):
    d1, d2 = _orientation(c, d, a), _orientation(c, d, b)
    d3, d4 = _orientation(a, b, c), _orientation(a, b, d)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0


def _inside(p, polygon):
    inside = False
    for i in range(len(polygon)):
        a, b = polygon[i - 1], polygon[i]
        if (a[1] > p[1]) != (b[1] > p[1]) and p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1]):
            inside = not inside
    return inside


def segment_obstacle_distance(a, b, obstacle):
    """Distance on the ground from segment ab to the obstacle; 0 when it touches or enters it."""
    if obstacle[0] == "circle":
        return max(0.0, _point_segment_2d(obstacle[1], a, b) - obstacle[2])
    polygon = obstacle[1]
    if _inside(a, polygon) or _inside(b, polygon):
        return 0.0
    best = math.inf
    for i in range(len(polygon)):
        c, d = polygon[i - 1], polygon[i]
        if _segments_cross(a, b, c, d):
            return 0.0
        best = min(best, _point_segment_2d(a, c, d), _point_segment_2d(b, c, d),
                   _point_segment_2d(c, a, b), _point_segment_2d(d, a, b))
    return best


def is_clear(a, b, obstacles, radius):
    """The rule of docs/design.md "Smoothing strategies": blocked when the distance to an obstacle is < radius (and 0 always blocks)."""
    for obstacle in obstacles:
        distance = segment_obstacle_distance(a, b, obstacle)
        if abs(distance - radius) < 1e-9 * (1 + radius):
            raise Ambiguous("distance %r next to radius %r" % (distance, radius))
        if distance < radius or distance == 0:
            return False
    return True


# ---- line-of-sight ----

def line_of_sight(points, closed, clear):
    """anchor = 0; from the anchor advance j while P_anchor -> P_(j+1) is clear; keep P_j; it becomes the
    anchor. P_(anchor+1) is kept even when the step to it is blocked. Closed: the open path
    P0..P(n-1),P0, the closing P0 left out."""
    n = len(points)
    if n < 3:
        return list(points)
    path = list(points) + ([points[0]] if closed else [])
    last = len(path) - 1
    kept, anchor = [path[0]], 0
    while anchor < last:
        j = anchor + 1
        while j < last and clear(path[anchor], path[j + 1]):
            j += 1
        kept.append(path[j])
        anchor = j
    return kept[:-1] if closed else kept


# ---- simplify (Ramer-Douglas-Peucker against segments, not lines) ----

def _point_segment_3d(p, a, b):
    ab = sub(b, a)
    length2 = dot(ab, ab)
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, dot(sub(p, a), ab) / length2))
    return norm(sub(p, toward(a, b, t)))


def _farthest(points, lo, hi, distance_of):
    """Index in (lo, hi) of the point farthest by distance_of, and that distance."""
    distances = [(distance_of(points[i]), i) for i in range(lo + 1, hi)]
    best, at = max(distances, key=lambda e: (e[0], -e[1]))
    if sum(1 for d, _ in distances if abs(d - best) < 1e-12 * (1 + best)) > 1:
        raise Ambiguous("several points at distance %r" % best)
    return at, best


def _rdp_open(points, epsilon):
    keep = {0, len(points) - 1}
    stack = [(0, len(points) - 1)]
    while stack:
        lo, hi = stack.pop()
        if hi - lo < 2:
            continue
        at, d = _farthest(points, lo, hi, lambda p: _point_segment_3d(p, points[lo], points[hi]))
        if abs(d - epsilon) < 1e-12 * (1 + epsilon):
            raise Ambiguous("distance %r next to epsilon %r" % (d, epsilon))
        if d > epsilon:
            keep.add(at)
            stack += [(lo, at), (at, hi)]
    return [points[i] for i in sorted(keep)]


def simplify(points, closed, epsilon):
    n = len(points)
    if n < 3:
        return list(points)
    if not closed:
        return _rdp_open(points, epsilon)
    k, d = _farthest(points, -1, n, lambda p: norm(sub(p, points[0])))
    if d == 0:
        return [points[0]]
    first = _rdp_open(points[:k + 1], epsilon)
    second = _rdp_open(points[k:] + [points[0]], epsilon)
    return first + second[1:-1]
