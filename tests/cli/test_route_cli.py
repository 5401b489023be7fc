#!/usr/bin/env python3
"""railforge-cli route as a level designer relies on it, on random levels (a jittered waypoint grid,
circles and polygons among the waypoints, only edges an agent can walk): every patrol path starts and
ends at its stops (loop and pingpong back at the first) and visits every stop in order; a pipeline of
line of sight keeps a subsequence of the A* path, never longer, and none of its segments comes closer
to an obstacle than the agent radius; s is the running length along the rows.
Usage: test_route_cli.py RAILFORGE_CLI"""
import math
import os
import random
import subprocess
import sys
import tempfile

import smoothing_reference as ref
from checklist import check, finish

cli = sys.argv[1]


def clear_for(a, b, obstacles, radius):
    try:
        return ref.is_clear(a, b, obstacles, radius)
    except ref.Ambiguous:
        return False  # too close to call: leave the edge out of the level


def random_level(rng, radii):
    """YAML text, waypoint positions by id, obstacles, and patrols as (id, stops, mode, radius or None)."""
    size, spacing = rng.randrange(4, 7), 10.0
    waypoints = {}
    for i in range(size):
        for j in range(size):
            waypoints["w%d_%d" % (i, j)] = (i * spacing + rng.uniform(-2, 2), j * spacing + rng.uniform(-2, 2),
                                            rng.choice([0.0, rng.uniform(0, 3)]))
    obstacles, obstacle_lines = [], []
    while len(obstacles) < rng.randrange(5, 12):
        cx, cy, r = rng.uniform(-5, size * spacing), rng.uniform(-5, size * spacing), rng.uniform(0.5, 3.5)
        if any(math.hypot(p[0] - cx, p[1] - cy) < r + 2 for p in waypoints.values()):
            continue  # keep waypoints out of obstacles
        name = "o%d" % len(obstacles)
        if rng.random() < 0.5:
            obstacles.append(("circle", (cx, cy), r))
            obstacle_lines.append("  - {id: %s, circle: {center: [%r, %r], radius: %r}}" % (name, cx, cy, r))
        else:
            corners = [(cx + r * (0.6 + 0.4 * (k % 2)) * math.cos(k * math.pi / 3 + 0.3),
                        cy + r * (0.6 + 0.4 * (k % 2)) * math.sin(k * math.pi / 3 + 0.3)) for k in range(6)]
            obstacles.append(("polygon", corners))
            obstacle_lines.append("  - {id: %s, polygon: [%s]}" % (name, ", ".join("[%r, %r]" % c for c in corners)))
    # Grid and diagonal neighbours, kept when the widest agent can walk them.
    edges = []
    for i in range(size):
        for j in range(size):
            for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
                a, b = "w%d_%d" % (i, j), "w%d_%d" % (i + di, j + dj)
                if b in waypoints and (di == 0 or dj == 0 or rng.random() < 0.3) \
                        and clear_for(waypoints[a], waypoints[b], obstacles, max(radii)):
                    edges.append((a, b))
    # Stops from the largest connected part of the graph.
    neighbours = {w: set() for w in waypoints}
    for a, b in edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    best = set()
    for start in waypoints:
        part, todo = {start}, [start]
        while todo:
            for n in neighbours[todo.pop()] - part:
                part.add(n)
                todo.append(n)
        best = max(best, part, key=len)
    reachable = sorted(best)
    patrols = []
    for k in range(6):
        stops = rng.sample(reachable, rng.randrange(2, min(5, len(reachable)) + 1))
        patrols.append(("p%d" % k, stops, rng.choice(["loop", "pingpong", "once"]), rng.choice(radii)))
    lines = ["railforge: 1", "level: {name: Random}", "waypoints:"]
    lines += ["  - {id: %s, position: [%r, %r, %r]}" % ((w,) + p) for w, p in waypoints.items()]
    lines += ["edges:"] + ["  - {from: %s, to: %s}" % e for e in edges]
    lines += ["obstacles:"] + obstacle_lines + ["patrols:"]
    for pid, stops, mode, radius in patrols:
        for suffix, pipeline in (("", "[{strategy: line-of-sight, params: {radius: %r}}]" % radius), ("_raw", "[]")):
            lines.append("  - {id: %s%s, stops: [%s], mode: %s, smoothing: %s}" % (pid, suffix, ", ".join(stops), mode, pipeline))
    return "\n".join(lines) + "\n", waypoints, obstacles, patrols


def route(level, patrol):
    result = subprocess.run([cli, "route", level, "--patrol", patrol], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("route %s exited %d: %s" % (patrol, result.returncode, result.stderr))
    lines = result.stdout.splitlines()
    if lines[0] != "s,x,y,z,tx,ty,tz,ux,uy,uz":
        raise RuntimeError("header %r" % lines[0])
    return [tuple(float(v) for v in line.split(",")) for line in lines[1:]]


def minimal_rotation(u, a, b):
    """u turned about a x b by the angle from unit a to unit b (Rodrigues), the rotation-minimising step."""
    axis = ref.cross(a, b)
    sin, cos = ref.norm(axis), ref.dot(a, b)
    if sin <= 1e-15:
        return u  # parallel: nothing turns (opposite does not occur on these paths)
    k = tuple(c / sin for c in axis)
    kxu = ref.cross(k, u)
    kdu = ref.dot(k, u)
    return tuple(u[i] * cos + kxu[i] * sin + k[i] * kdu * (1 - cos) for i in range(3))


def is_subsequence(small, big):
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def length(points):
    return sum(ref.norm(ref.sub(b, a)) for a, b in zip(points, points[1:]))


rng = random.Random(2026)
shortened = 0
with tempfile.TemporaryDirectory() as tmp:
    for trial in range(12):
        text, waypoints, obstacles, patrols = random_level(rng, [0.0, 0.5, 1.0])
        level = os.path.join(tmp, "level%d.yaml" % trial)
        with open(level, "w") as f:
            f.write(text)
        for pid, stops, mode, radius in patrols:
            rows, raw_rows = route(level, pid), route(level, pid + "_raw")
            path, raw = [r[1:4] for r in rows], [r[1:4] for r in raw_rows]
            where = "level %d patrol %s (%s, radius %g)" % (trial, pid, mode, radius)
            visits = stops + [stops[0]] if mode == "loop" else stops + stops[-2::-1] if mode == "pingpong" else stops
            check(path[0] == waypoints[visits[0]] and path[-1] == waypoints[visits[-1]],
                  "%s starts at %s and ends at %s" % (where, visits[0], visits[-1]))
            check(is_subsequence([waypoints[s] for s in visits], path), "%s visits its stops in order" % where)
            check(is_subsequence(path, raw), "%s keeps a subsequence of the A* path" % where)
            check(length(path) <= length(raw) + 1e-9, "%s is no longer than the A* path" % where)
            shortened += length(path) < length(raw) - 1e-9
            too_close = [(a, b, o[0]) for a, b in zip(path, path[1:]) for o in obstacles
                         if a != b and ref.segment_obstacle_distance(a, b, o) < radius - 1e-9]
            check(not too_close, "%s keeps %g from every obstacle: %s" % (where, radius, too_close[:1]))
            s = [r[0] for r in rows]
            check(s[0] == 0 and all(abs(s[i + 1] - s[i] - ref.norm(ref.sub(path[i + 1], path[i]))) < 1e-9 * (1 + s[i])
                                    for i in range(len(path) - 1)), "%s: s is the running length" % where)
            # Frames: unit up orthogonal to the tangent; off loops (no seam twist to spread), each up is the
            # previous one turned by the minimal rotation taking the previous tangent to this one.
            tangents, ups = [r[4:7] for r in rows], [r[7:10] for r in rows]
            check(all(abs(ref.norm(u) - 1) <= 1e-9 and abs(ref.dot(u, t)) <= 1e-9 for u, t in zip(ups, tangents)),
                  "%s: up vectors are unit and orthogonal to the tangent" % where)
            if mode != "loop":
                # Where the path turns straight back (pingpong ends) the minimal rotation is any half turn;
                # RailForge keeps up as it is there.
                def expected(i):
                    back = ref.norm(tuple(a + b for a, b in zip(tangents[i], tangents[i + 1]))) < 1e-5
                    return ups[i] if back else minimal_rotation(ups[i], tangents[i], tangents[i + 1])
                worst = max([ref.norm(ref.sub(expected(i), ups[i + 1])) for i in range(len(rows) - 1)] + [0.0])
                check(worst <= 1e-9, "%s: up is rotation-minimising (worst step error %.3g)" % (where, worst))
check(shortened >= 20, "line of sight shortened %d of 72 patrols (a test on straight paths would prove little)" % shortened)

finish()
