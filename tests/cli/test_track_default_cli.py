#!/usr/bin/env python3
"""A level's default track and custom ties through `railforge-cli` (docs/design.md "Track meshes"),
checked without RailForge's code, on a level this test writes:
- a rail without a `track` of its own is exported with the level's default; a rail with its own
  keeps it (extras.style);
- a custom tie (a concave outline, extruded `along`) is one closed solid: every edge of its
  triangles used once each way, its volume (divergence theorem) the outline's area times `along`,
  its cross-section the outline's points; each tie sits at the rail's curve at its place (from
  `sample`), turned to the rail's frame;
- `diff` names the default's change; the validator passes the file;
- a tie section of two points, or a tie with both a box and a section, is refused at its place, exit 3.
Usage: test_track_default_cli.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import math
import os
import subprocess
import sys
import tempfile
from collections import Counter

from checklist import check, finish
from glb_read import accessor, read_glb

cli, source = sys.argv[1], sys.argv[2]
NODE = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "railforge", "node",
                    "node_modules")
# A sleeper with a notch on top under each running rail: concave, given clockwise.
TIE = [(-1.2, -0.35), (-1.2, -0.2), (-0.6, -0.2), (-0.6, -0.25), (0.6, -0.25), (0.6, -0.2), (1.2, -0.2),
       (1.2, -0.35)]
ALONG = 0.3
LEVEL = """railforge: 1
level: {name: default track, units: m, track: {section: tube, size: 0.5, ties: {every: 2, section: %s, along: %g}}}
rails:
  - id: plain
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 0, 2], [10, 0, 3], [20, 8, 4], [30, 8, 3]]
  - id: own
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 20, 2], [15, 25, 2], [30, 20, 2]]
    track:
      section: ribbon
""" % ("[" + ", ".join("[%g, %g]" % p for p in TIE) + "]", ALONG)


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)


def twice_area(points):
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1]))


def rotate(q, v):
    """v turned by the unit quaternion q = (x, y, z, w)."""
    x, y, z, w = q
    u = (x, y, z)
    c1 = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
    c2 = (u[1] * c1[2] - u[2] * c1[1], u[2] * c1[0] - u[0] * c1[2], u[0] * c1[1] - u[1] * c1[0])
    return tuple(v[k] + 2 * (w * c1[k] + c2[k]) for k in range(3))


with tempfile.TemporaryDirectory() as tmp:
    level = os.path.join(tmp, "level.yaml")
    open(level, "w").write(LEVEL)
    out = os.path.join(tmp, "out.glb")
    r = run("export-mesh", level, "-o", out, "--plain")
    check(r.returncode == 0, "exported", found=r.stderr)
    gltf, blob = read_glb(out)
    nodes = gltf["nodes"]
    roots = {nodes[i]["name"]: nodes[i] for i in gltf["scenes"][0]["nodes"]}
    styles = {name: n["extras"]["style"] for name, n in roots.items()}
    check(styles == {"plain": "tube", "own": "ribbon"}, "the level's default for a rail without its own style",
          found=styles)

    group = [nodes[i] for i in roots["plain"].get("children", []) if nodes[i]["name"] == "plain ties"]
    ties = [nodes[i] for i in group[0]["children"]] if group else []
    rows = list(csv.DictReader(io.StringIO(run("sample", level, "--rail", "plain", "--spacing", "0.01").stdout)))
    rows = [{k: float(v) for k, v in row.items()} for row in rows]
    length = rows[-1]["s"]
    expected = [1 + 2 * k for k in range(100) if 1 + 2 * k < length]
    check(len(ties) == len(expected), "a custom tie every 2", expected=len(expected), found=len(ties))
    meshes = {t["mesh"] for t in ties}
    check(len(meshes) == 1, "every tie shows one shared mesh", found=meshes)

    # The tie's mesh: a closed solid, the outline across and `along` long.
    prim = gltf["meshes"][meshes.pop()]["primitives"][0]
    pos = accessor(gltf, blob, prim["attributes"]["POSITION"])
    idx = accessor(gltf, blob, prim["indices"])
    key = lambda p: tuple(round(c, 5) for c in p)
    edges, volume = Counter(), 0.0
    for k in range(0, len(idx), 3):
        a, b, c = (pos[idx[k + j]] for j in range(3))
        for p, q in ((a, b), (b, c), (c, a)):
            edges[(key(p), key(q))] += 1
        volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                   a[2] * (b[0] * c[1] - b[1] * c[0])) / 6
    open_edges = [e for e, n in edges.items() if n != 1 or edges[(e[1], e[0])] != 1]
    check(not open_edges, "the tie is closed: every edge used once each way", found=open_edges[:4])
    want = abs(twice_area(TIE)) / 2 * ALONG
    check(abs(volume - want) < 1e-5, "the tie's volume is the outline's area times its length", expected=want,
          found=volume)
    across = {key((p[0], p[1], 0))[:2] for p in pos}
    check(across == {key((x, y, 0))[:2] for x, y in TIE} and {round(abs(p[2]), 5) for p in pos} == {ALONG / 2},
          "its cross-section is the outline, ALONG long", found=sorted(across))

    # Each tie at the curve at its place, its section's right and up the rail's.
    worst = 0.0
    for t, s in zip(ties, expected):
        row = min(rows, key=lambda r: abs(r["s"] - s))
        g = [roots["plain"]["translation"][k] + t["translation"][k] for k in range(3)]
        worst = max(worst, math.dist((g[0], -g[2], g[1]), (row["x"], row["y"], row["z"])))
        up = rotate(t["rotation"], (0, 1, 0))
        worst = max(worst, 0.01 * math.dist((up[0], -up[2], up[1]), (row["ux"], row["uy"], row["uz"])))
    check(worst < 0.01, "each tie at the rail's curve at its place, turned to its up", found=worst)

    v = subprocess.run(["node", os.path.join(source, "tools", "gltf", "validate.js"), NODE, out],
                       capture_output=True, text=True, timeout=600)
    check(v.returncode == 0 and " errors 0 warnings 0" in v.stdout, "the glTF validator passes it",
          found=v.stdout + v.stderr)

    before = os.path.join(tmp, "before.yaml")
    open(before, "w").write(LEVEL.replace(", track: {section: tube", ", track: {section: cable"))
    d = run("diff", before, level)
    check("track: cable 0.5" in d.stdout and "-> tube 0.5" in d.stdout, "diff names the default's change",
          found=d.stdout + d.stderr)

    for bad, said in (("section: [[-1, 0], [1, 0]]", "must be a list of 3 to 1000 points"),
                      ("box: [1, 1, 1], section: [[-1, 0], [1, 0], [0, -1]]", "a box and a section")):
        path = os.path.join(tmp, "bad.yaml")
        text = LEVEL.replace("section: [" + LEVEL.split("section: [", 1)[1].split("], along")[0] + "]", bad)
        open(path, "w").write(text)
        r = run("validate", path)
        check(r.returncode == 3 and "bad.yaml:2:" in r.stdout + r.stderr and said in r.stdout + r.stderr,
              "a bad tie is refused at its place, exit 3 (%s)" % said, found=r.stdout + r.stderr)

finish()
