# Blender splines as Bezier knots (position, left handle, right handle), the one form RailForge's
# curves file takes: Bezier splines as they are, Poly splines as straight segments (handles at a
# third, read as a linear rail), NURBS converted exactly where the curve is piecewise cubic (weights
# all 1, order 4 or less) and checked against Blender's own evaluation; anything else is refused
# with the reason, never skipped in silence.
import math

# How far a NURBS converted to Bezier knots may stand from Blender's evaluated curve (Blender units).
NURBS_TOLERANCE = 1e-3


class NotWritable(Exception):
    """A spline RailForge cannot take as it is, with the reason for the artist."""


def bezier_knots(spline):
    """A Bezier spline's knots in the object's space: (co, left, right, left_type, right_type, tilt)."""
    return [(tuple(p.co), tuple(p.handle_left), tuple(p.handle_right), p.handle_left_type, p.handle_right_type, p.tilt)
            for p in spline.bezier_points]


def lerp(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def poly_knots(spline):
    """A Poly spline as straight Bezier segments: each handle a third of the way to its neighbour."""
    points = [tuple(p.co)[:3] for p in spline.points]
    tilts = [p.tilt for p in spline.points]
    n, cyclic = len(points), spline.use_cyclic_u
    knots = []
    for i, co in enumerate(points):
        prev = points[i - 1] if (i > 0 or cyclic) else None
        nxt = points[(i + 1) % n] if (i + 1 < n or cyclic) else None
        left = lerp(co, prev, 1 / 3) if prev else co
        right = lerp(co, nxt, 1 / 3) if nxt else co
        knots.append((co, left, right, "VECTOR", "VECTOR", tilts[i]))
    return knots


def blender_knot_vector(count, order, cyclic, endpoint, bezier):
    """The knot vector Blender 3.x makes for a NURBS spline (its calcknots), `count` control points
    (cyclic: the first order - 1 repeated after the last)."""
    repeat_inner = order - 1 if bezier else 1
    head = (order - (1 if cyclic else 0)) if endpoint else (min(2, repeat_inner) if bezier else 1)
    tail = 2 * order - 1 if cyclic else (order if endpoint else 0)
    size = count + order + (order - 1 if cyclic else 0)
    knots = [0.0] * size
    current, r = 0.0, head
    offset = 1 if endpoint and cyclic else 0
    if offset:
        knots[0] = current
        current += 1.0
    for i in range(offset, size - tail):
        knots[i] = current
        r -= 1
        if r == 0:
            current += 1.0
            r = repeat_inner
    for i in range(tail):
        knots[size - tail + i] = current + (knots[i] - knots[0])
    return knots


def de_boor(points, knots, degree, u):
    """The B-spline's point at u (de Boor's triangle); points may be homogeneous (x*w, y*w, z*w, w)."""
    k = degree
    while k + 1 < len(points) and knots[k + 1] <= u:
        k += 1
    d = [points[j + k - degree] for j in range(degree + 1)]
    for r in range(1, degree + 1):
        for j in range(degree, r - 1, -1):
            i = j + k - degree
            span = knots[i + degree + 1 - r] - knots[i]
            a = 0.0 if span == 0 else (u - knots[i]) / span
            d[j] = lerp(d[j - 1], d[j], a)
    return d[degree]


def cubic_through(p0, a, b, p3):
    """The cubic Bezier through p0, a (at 1/3), b (at 2/3) and p3: its two inner control points."""
    A = tuple(27 * x - 8 * y - z for x, y, z in zip(a, p0, p3))
    C = tuple(27 * x - y - 8 * z for x, y, z in zip(b, p0, p3))
    return tuple((2 * x - y) / 18 for x, y in zip(A, C)), tuple((2 * y - x) / 18 for x, y in zip(A, C))


def cubic_at(p0, p1, p2, p3, t):
    s = 1 - t
    return tuple(s * s * s * a + 3 * s * s * t * b + 3 * s * t * t * c + t * t * t * d for a, b, c, d in zip(p0, p1, p2, p3))


# Pieces a NURBS span may be cut into before the conversion gives up.
MAX_SPLITS = 10


def nurbs_knots(spline):
    """A NURBS spline as Bezier knots: each knot span a cubic through four of its points (exact for
    weights 1 and order 4 or less, where the span is a cubic), cut in halves until every point of the
    span is within a quarter of NURBS_TOLERANCE of its cubic. Tilt follows the same basis functions.
    NotWritable when it cannot be done."""
    order, cyclic = spline.order_u, spline.use_cyclic_u
    degree = order - 1
    points = [tuple(p.co)[:3] for p in spline.points]
    if len(points) < order:
        raise NotWritable("a NURBS with fewer points than its order (%d)" % order)
    # Homogeneous control points (x·w, y·w, z·w, w, tilt·w), the first degree repeated when cyclic.
    control = [tuple(c * p.weight for c in p.co[:3]) + (p.weight, p.tilt * p.weight) for p in spline.points]
    if cyclic:
        control = control + control[:degree]
    knots = blender_knot_vector(len(points), order, cyclic, spline.use_endpoint_u, spline.use_bezier_u)
    start, end = knots[degree], knots[len(control)]

    def at(u):
        h = de_boor(control, knots, degree, u)
        return h[:3] if h[3] == 0 else tuple(x / h[3] for x in h[:3]), (h[4] / h[3] if h[3] else 0.0)

    pieces = []  # (p0, p1, p2, p3, tilt at p0)

    def fit(u0, u1, depth):
        ends = [at(u0 + (u1 - u0) * t) for t in (0.0, 1 / 3, 2 / 3, 1.0)]
        h1, h2 = cubic_through(ends[0][0], ends[1][0], ends[2][0], ends[3][0])
        error = max(math.dist(cubic_at(ends[0][0], h1, h2, ends[3][0], t), at(u0 + (u1 - u0) * t)[0])
                    for t in [k / 16 for k in range(1, 16)])
        if error > NURBS_TOLERANCE / 4:
            if depth >= MAX_SPLITS:
                raise NotWritable("a NURBS span that no cubic follows within %g" % NURBS_TOLERANCE)
            middle = (u0 + u1) / 2
            fit(u0, middle, depth + 1)
            fit(middle, u1, depth + 1)
            return
        pieces.append((ends[0][0], h1, h2, ends[3][0], ends[0][1]))

    breaks = sorted({k for k in knots if start <= k <= end})
    for u0, u1 in zip(breaks, breaks[1:]):
        fit(u0, u1, 0)
    if not pieces:
        raise NotWritable("a NURBS with no span to evaluate")
    n = len(pieces)
    out = []
    for i in range(n if cyclic else n + 1):
        co = pieces[i][0] if i < n else pieces[-1][3]
        left = pieces[i - 1][2] if (i > 0 or cyclic) else co
        right = pieces[i][1] if i < n else co
        tilt = pieces[i][4] if i < n else at(end)[1]
        out.append((co, left, right, "FREE", "FREE", tilt))
    return out


def sample_knots(knots, cyclic, per_segment=64):
    """Points along the Bezier curve of `knots`, `per_segment` a segment."""
    out = []
    n = len(knots)
    for i in range(n if cyclic else n - 1):
        p0, p1 = knots[i][0], knots[i][2]
        p2, p3 = knots[(i + 1) % n][1], knots[(i + 1) % n][0]
        for k in range(per_segment + 1):
            t = k / per_segment
            s = 1 - t
            out.append(tuple(s * s * s * a + 3 * s * s * t * b + 3 * s * t * t * c + t * t * t * d
                             for a, b, c, d in zip(p0, p1, p2, p3)))
    return out


def segment_distance(p, a, b):
    ab = (b[0] - a[0], b[1] - a[1], b[2] - a[2])
    ap = (p[0] - a[0], p[1] - a[1], p[2] - a[2])
    den = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2]
    t = 0.0 if den == 0 else max(0.0, min(1.0, (ab[0] * ap[0] + ab[1] * ap[1] + ab[2] * ap[2]) / den))
    return math.dist(p, (a[0] + ab[0] * t, a[1] + ab[1] * t, a[2] + ab[2] * t))


def farthest(points, line, window=48):
    """The farthest any of `points` (in order along a curve) stands from the polyline `line` (the same
    curve, in the same direction). Each point is looked for near where the last one was found; a point
    farther than the tolerance from there is looked for along the whole line, so the answer is exact
    whenever it matters (at or above NURBS_TOLERANCE)."""
    worst, at = 0.0, 0
    segments = len(line) - 1
    for p in points:
        lo, hi = max(0, at - window), min(segments, at + window)
        best, where = min((segment_distance(p, line[k], line[k + 1]), k) for k in range(lo, hi)) if hi > lo else (math.inf, at)
        if best > NURBS_TOLERANCE / 4:
            best, where = min((segment_distance(p, line[k], line[k + 1]), k) for k in range(segments))
        at = where
        worst = max(worst, best)
    return worst
