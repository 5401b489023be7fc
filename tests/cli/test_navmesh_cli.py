#!/usr/bin/env python3
"""Patrols that walk the level (docs/design.md "Patrols on the level"), through railforge-cli on a level
made by navmesh_scene.py: a yard, an open house with a door, a slab lower than the guard, pillars and a
raised floor reached by stairs. Everything RailForge answers is checked here against the scene's own
boxes, never against RailForge's code:
- `route` of patrols that follow the navmesh: every 5 cm of the path keeps the radius (less a cell) from
  every solid it walks beside, steps up or down no more than the climb, every vertex stands on a
  walkable top; the loop's length is within 3 % of the shortest way round the footprints grown by the
  radius (a visibility graph over them, worked out here);
- `validate` names the edges blocked by the wall, the slab and the raised floor's face, not the one up
  the stairs; an unreachable stop and bad agents are errors at FILE:LINE:COLUMN (exit 3); a level with
  agents and no walkable ground says so once and routes on the graph;
- `navmesh` writes glTF and OBJ that the Khronos validator passes, one node named after the agent
  with its sizes, every vertex on a walkable top.
Usage: test_navmesh_cli.py RAILFORGE_CLI SOURCE_DIR"""
import base64
import csv
import heapq
import io
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import navmesh_scene as scene  # noqa: E402
from checklist import check, finish  # noqa: E402
from glb_read import read_glb  # noqa: E402

cli, source = sys.argv[1], sys.argv[2]
NODE = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "railforge", "node",
                    "node_modules")


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)


def route_rows(level, patrol):
    r = run("route", level, "--patrol", patrol)
    check(r.returncode == 0, "route of patrol %s" % patrol, found=r.stderr)
    return [tuple(float(v) for v in row[1:4]) for row in csv.reader(io.StringIO(r.stdout)) if row and row[0] != "s"]


def resampled(points, step=0.05):
    """Every `step` along the polyline (3D), with its vertices."""
    out = [points[0]]
    for a, b in zip(points, points[1:]):
        d = math.dist(a, b)
        n = max(1, math.ceil(d / step))
        out += [tuple(a[k] + (b[k] - a[k]) * i / n for k in range(3)) for i in range(1, n + 1)]
    return out


def to_rect(p, r):
    return math.hypot(max(r[0] - p[0], 0, p[0] - r[2]), max(r[1] - p[1], 0, p[1] - r[3]))


# ---- The shortest way on the ground, worked out here: a visibility graph over the footprints grown
# by the radius (each the convex hull of its corners' circumscribed 16-gons: never smaller than the
# true grown shape, so the way found is never shorter than the truest one by more than the 16-gon's
# slack, 2 %). ----

def hull(points):
    points = sorted(set(points))
    def half(ps):
        out = []
        for p in ps:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1]) -
                                     (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out
    lower, upper = half(points), half(points[::-1])
    return lower[:-1] + upper[:-1]


def grown(rect, radius):
    k = radius / math.cos(math.pi / 16)
    ring = [(k * math.cos(2 * math.pi * (i + 0.5) / 16), k * math.sin(2 * math.pi * (i + 0.5) / 16)) for i in range(16)]
    return hull([(cx + dx, cy + dy) for cx in (rect[0], rect[2]) for cy in (rect[1], rect[3]) for dx, dy in ring])


def crosses_inside(a, b, polygon):
    """Whether segment ab runs through the open inside of a convex counter-clockwise polygon (Cyrus-Beck)."""
    t0, t1 = 0.0, 1.0
    d = (b[0] - a[0], b[1] - a[1])
    for i in range(len(polygon)):
        p, q = polygon[i], polygon[(i + 1) % len(polygon)]
        n = (q[1] - p[1], p[0] - q[0])  # outward for counter-clockwise
        num = n[0] * (a[0] - p[0]) + n[1] * (a[1] - p[1])
        den = n[0] * d[0] + n[1] * d[1]
        if abs(den) < 1e-15:
            if num >= 0:
                return False
            continue
        t = -num / den
        if den < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1 - 1e-9:
            return False
    return t1 - t0 > 1e-9


def shortest_on_ground(a, b, radius):
    polygons = [grown(r, radius) for r in scene.footprints(0.0)]
    nodes = [a, b] + [v for poly in polygons for v in poly]
    free = lambda p, q: not any(crosses_inside(p, q, poly) for poly in polygons)
    best = {0: 0.0}
    queue = [(0.0, 0)]
    while queue:
        d, i = heapq.heappop(queue)
        if i == 1:
            return d
        if d > best.get(i, math.inf):
            continue
        for j in range(len(nodes)):
            if j != i and d + math.dist(nodes[i], nodes[j]) < best.get(j, math.inf) and free(nodes[i], nodes[j]):
                best[j] = d + math.dist(nodes[i], nodes[j])
                heapq.heappush(queue, (best[j], j))
    return math.inf


PATROLS = """  - id: rounds
    stops: [yard_w, house_in, yard_s]
    mode: loop
    agent: guard
    follow: navmesh
    smoothing: []
  - {id: up, stops: [stairs_foot, floor_top], mode: once, agent: guard, follow: navmesh, smoothing: []}
  - {id: wall, stops: [yard_s, house_in], mode: once, agent: guard, smoothing: []}
  - {id: slab, stops: [slab_w, slab_e], mode: once, agent: guard, smoothing: []}
  - {id: face, stops: [floor_n, floor_top], mode: once, agent: guard, smoothing: []}
  - {id: stairs, stops: [stairs_foot, floor_top], mode: once, agent: guard, smoothing: []}"""

with tempfile.TemporaryDirectory() as tmp:
    level = scene.write_level(os.path.join(tmp, "yard"), PATROLS)
    limit = scene.RADIUS - scene.CELL

    # ---- Routes that follow the navmesh. ----
    for patrol in ("rounds", "up"):
        rows = route_rows(level, patrol)
        check(len(rows) > 10, "patrol %s has a walked path" % patrol, found=len(rows))
        if len(rows) < 2:
            continue
        samples = resampled(rows)
        nearest = min((to_rect(p, r), p) for p in samples for r in scene.footprints(p[2]))
        check(nearest[0] >= limit, "patrol %s keeps %.3f from every solid" % (patrol, limit), found=nearest)
        worst = max(abs(b[2] - a[2]) for a, b in zip(samples, samples[1:]))
        check(worst <= scene.CLIMB, "patrol %s steps no more than the climb between 5 cm samples" % patrol,
              found=worst)
        off = [p for p in rows if not any(abs(p[2] - h) < 0.01 for h in scene.walkable_tops(p[0], p[1]))]
        check(not off, "every vertex of patrol %s stands on a walkable top" % patrol, found=off[:3])
    up = route_rows(level, "up")
    check(up and abs(up[-1][2] - 1.5) < 1e-9 and any(0.3 < p[2] < 1.2 and 4 < p[1] < 7 for p in up),
          "the way up climbs the stairs to the raised floor", found=up[-3:])
    rounds = route_rows(level, "rounds")
    if rounds:
        length = sum(math.dist(a, b) for a, b in zip(rounds, rounds[1:]))
        stops = [scene.WAYPOINTS[k][:2] for k in ("yard_w", "house_in", "yard_s", "yard_w")]
        expected = sum(shortest_on_ground(a, b, scene.RADIUS) for a, b in zip(stops, stops[1:]))
        check(abs(length - expected) <= 0.03 * expected,
              "the loop is within 3 % of the shortest way round the grown footprints",
              expected=expected, found=length)

    # ---- validate: the blocked edges, not the one up the stairs. ----
    r = run("validate", level)
    check(r.returncode == 0, "the level validates", found=r.stderr)
    text = open(level).read().splitlines()
    for a, b in scene.BLOCKED_EDGES:
        line = next(i + 1 for i, t in enumerate(text) if t.strip() == "- {from: %s, to: %s}" % (a, b))
        found = re.search(r"yard\.yaml:%d:\d+: warning: edge %s -> %s is not walkable straight .*blocked at "
                          r"\([-0-9., ]+\); a walkable way of [0-9.]+ exists" % (line, a, b), r.stderr)
        check(found is not None, "validate names edge %s -> %s as blocked, at its line" % (a, b), found=r.stderr)
    check("stairs_foot -> floor_top" not in r.stderr, "the edge up the stairs is walkable", found=r.stderr)

    # An unreachable stop (the slab's top, 1.3 up) and bad agents: errors at their places, exit 3.
    stranded = scene.write_level(os.path.join(tmp, "stranded"), """  - id: stranded
    stops: [yard_w, on_slab]
    mode: once
    agent: guard
    follow: navmesh""")
    r = run("validate", stranded)
    line = next(i + 1 for i, t in enumerate(open(stranded).read().splitlines()) if "stops: [yard_w, on_slab]" in t)
    check(r.returncode == 3 and re.search(r"yard\.yaml:%d:\d+: patrol 'stranded': stop 'on_slab' cannot be reached "
                                          r"from stop 'yard_w' on agent 'guard''s navmesh" % line, r.stderr),
          "an unreachable stop is an error at the stop", found=(r.returncode, r.stderr))
    r = run("route", stranded, "--patrol", "stranded")
    check(r.returncode == 3, "route refuses it too", found=r.stderr)
    bad = scene.write_level(os.path.join(tmp, "bad"), "  - {id: p, stops: [yard_w, yard_s], agent: ghost}",
                            agents=False,
                            extra="agents:\n  - {id: guard, radius: -1, height: .nan, climb: 0.4, slope: 90}\n")
    r = run("validate", bad)
    lines = open(bad).read().splitlines()
    agent_line = next(i + 1 for i, t in enumerate(lines) if "radius: -1" in t)
    check(r.returncode == 3, "bad agents: exit 3", found=r.returncode)
    for column_text, what in (("radius: -1", "radius must be a number greater than 0"),
                              ("height: .nan", "height must be a finite number"),
                              ("slope: 90", "slope must be between 0 and 90")):
        column = lines[agent_line - 1].index(column_text) + len(column_text.split(":")[0]) + 3
        check(re.search(r"yard\.yaml:%d:%d: .*%s" % (agent_line, column, what), r.stderr) is not None,
              "the agent's %s, at its column" % column_text.split(":")[0], found=r.stderr)
    check(re.search(r"yard\.yaml:\d+:\d+: patrol 'p' names unknown agent 'ghost'", r.stderr) is not None,
          "an unknown agent named by a patrol", found=r.stderr)

    # Agents with no walkable ground: said once, routed on the graph as before.
    bare = os.path.join(tmp, "bare")
    os.makedirs(bare)
    with open(os.path.join(bare, "bare.yaml"), "w") as f:
        f.write("railforge: 1\nlevel: {name: Bare, units: m}\n"
                "waypoints:\n  - {id: a, position: [0, 0, 0]}\n  - {id: b, position: [10, 0, 0]}\n"
                "edges:\n  - {from: a, to: b}\nobstacles: []\nrails: []\npatrols:\n"
                "  - {id: p, stops: [a, b], mode: once, agent: guard, follow: navmesh}\n"
                "  - {id: q, stops: [b, a], agent: guard}\n"
                "agents:\n  - {id: guard, radius: 0.4, height: 1.8, climb: 0.4, slope: 45}\n")
    r = run("validate", os.path.join(bare, "bare.yaml"))
    check(r.returncode == 0 and r.stderr.count("no walkable ground") == 1,
          "a level with agents and no walkable ground says so once", found=r.stderr)
    rows = route_rows(os.path.join(bare, "bare.yaml"), "p")
    check([p[:2] for p in rows] == [(0.0, 0.0), (10.0, 0.0)], "and routes on the graph", found=rows)

    # ---- navmesh: glTF, .glb and OBJ; the validator; the node; every vertex on a walkable top. ----
    gltf, glb, obj = (os.path.join(tmp, "guard." + e) for e in ("gltf", "glb", "obj"))
    r = run("navmesh", level, "--agent", "guard", "-o", gltf, "--stats")
    check(r.returncode == 0 and re.match(r"agent guard: \d+ polygons in \d+ tiles, baked in [0-9.]+ s", r.stdout),
          "navmesh --stats prints polygons, tiles and the bake time", found=(r.stdout, r.stderr))
    check(run("navmesh", level, "--agent", "guard", "-o", glb).returncode == 0, "navmesh writes a .glb")
    check(run("navmesh", level, "--agent", "guard", "-o", obj).returncode == 0, "navmesh writes an .obj")
    v = subprocess.run(["node", os.path.join(source, "tools", "gltf", "validate.js"), NODE, gltf, glb],
                       capture_output=True, text=True, timeout=600)
    check(v.returncode == 0 and v.stdout.count(" errors 0 warnings 0") == 2,
          "the Khronos validator passes both", found=v.stdout + v.stderr)
    doc = json.load(open(gltf))
    node = doc["nodes"][0]
    check(node["name"] == "guard" and node["extras"]["radius"] == scene.RADIUS and
          node["extras"]["height"] == scene.HEIGHT and node["extras"]["climb"] == scene.CLIMB,
          "one node named after the agent, its sizes in extras", found=node)
    blob = base64.b64decode(doc["buffers"][0]["uri"].split(",", 1)[1])
    acc = doc["accessors"][doc["meshes"][node["mesh"]]["primitives"][0]["attributes"]["POSITION"]]
    view = doc["bufferViews"][acc["bufferView"]]
    floats = struct.unpack_from("<%df" % (3 * acc["count"]), blob, view.get("byteOffset", 0))
    t = node.get("translation", [0, 0, 0])
    # glTF is y up: a level point x, y, z is x, z, -y.
    vertices = [(floats[i] + t[0], -(floats[i + 2] + t[2]), floats[i + 1] + t[1]) for i in range(0, len(floats), 3)]
    off = [p for p in vertices if not any(abs(p[2] - h) < 0.01 for h in scene.walkable_tops(p[0], p[1]))]
    check(len(vertices) > 50 and not off, "every navmesh vertex stands on a walkable top", found=off[:5])
    near = [p for p in vertices for r in scene.footprints(p[2]) if to_rect(p, r) < limit]
    check(not near, "no navmesh vertex is nearer a solid than the radius less a cell", found=near[:5])
    glb_doc, _ = read_glb(glb)
    check(glb_doc["nodes"][0]["name"] == "guard", "the .glb has the same node")
    faces = [line for line in open(obj) if line.startswith("f ")]
    check(len(faces) > 20 and all(len(f.split()) >= 4 for f in faces), "the OBJ holds its polygons whole")

    # ---- Bounded like every read: over the cell limit, a refusal naming it and its option; nothing
    # written, and the file written before stays as it was. ----
    before = open(obj, "rb").read()
    r = run("navmesh", level, "--agent", "guard", "-o", obj, "--max-navmesh-cells", "1000")
    check(r.returncode == 3 and "agent 'guard'" in r.stderr and "limit of 1000" in r.stderr and
          "--max-navmesh-cells" in r.stderr, "navmesh over the cell limit: exit 3, the limit and its option",
          found=(r.returncode, r.stderr))
    check(open(obj, "rb").read() == before, "the refused navmesh leaves the earlier file alone")
    r = run("validate", level, "--max-navmesh-cells", "1000")
    check(r.returncode == 3 and "--max-navmesh-cells" in r.stderr, "validate says so too (exit 3)",
          found=(r.returncode, r.stderr))

finish()
