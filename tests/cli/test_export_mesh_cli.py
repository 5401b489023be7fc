#!/usr/bin/env python3
"""`railforge-cli export-mesh` (docs/export-format.md "Track meshes"): every level of the repository with
rails exported as .glb (and one as .gltf) and read back three ways without RailForge's own code:
- the Khronos glTF validator (npm's gltf-validator, tools/install-deps.sh installs it) reports no error
  and no warning;
- the file is parsed here: one node per rail named by its id, its id, length (the sampled rail's, in
  metres) and style in extras, translated to the rail's first point; every vertex (every 5th of a long rail's), taken back to the level's axes
  (glTF is y up: x, z, -y), lies within 1e-3 of a point of the section placed at the rail's own frame
  there, the frame read off `sample` (position, tangent, up) every 0.01 and interpolated at the vertex;
- assimp reads it back: a level that takes the .glb as a ground mesh (y up) finds the running rails'
  tops at the rail's height with `ground`.
Usage: test_export_mesh_cli.py RAILFORGE_CLI SOURCE_DIR"""
import bisect
import csv
import glob
import io
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

from checklist import check, finish
from glb_read import accessor, read_glb

cli, source = sys.argv[1], sys.argv[2]
NODE = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "railforge", "node",
                    "node_modules")
GAUGE = 1.435


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)


def frames(level, rail):
    rows = list(csv.DictReader(io.StringIO(run("sample", level, "--rail", rail, "--spacing", "0.01").stdout)))
    return [{k: float(v) for k, v in row.items()} for row in rows]


DEFAULT_SIZE = {"rails": GAUGE, "tube": 0.6, "ribbon": 1.2, "cable": 0.05}  # metres


def section_points(track, per_unit):
    """The outline points of a rail's section (docs/design.md "Track meshes"), from its `track` in the
    level (as text) or the default, in level units."""
    track = track or {}
    style = track.get("section", "rails")
    size = float(track["size"]) if "size" in track else DEFAULT_SIZE[style] / per_unit
    if style == "rails":
        g, w, h = size, 0.07 * size, 0.1 * size
        return [(x, y) for x in (-g / 2 - w / 2, -g / 2 + w / 2, g / 2 - w / 2, g / 2 + w / 2) for y in (-h, 0.0)]
    if style == "ribbon":
        return [(x, y) for x in (-size / 2, size / 2) for y in (-0.05 * size, 0.0)]
    sides = {"tube": 16, "cable": 8}[style]
    return [(size / 2 * math.cos(2 * math.pi * k / sides), size / 2 * math.sin(2 * math.pi * k / sides))
            for k in range(sides)]


def off_section(rows, s, vertex, points):
    """How far a level-space vertex at arc length s lies from the section at the rail's frame there (at
    a corner, where the tangent turns between two rows, the nearer of the two sides' frames)."""
    ss = [r["s"] for r in rows]
    j = min(max(bisect.bisect_right(ss, s) - 1, 0), len(rows) - 2)
    a, b = rows[j], rows[j + 1]
    f = 0.0 if b["s"] == a["s"] else min(max((s - a["s"]) / (b["s"] - a["s"]), 0.0), 1.0)
    p = [a[k] + (b[k] - a[k]) * f for k in "xyz"]

    def offset(t, u):
        nt, nu = math.sqrt(sum(c * c for c in t)), math.sqrt(sum(c * c for c in u))
        t, u = [c / nt for c in t], [c / nu for c in u]
        right = [t[1] * u[2] - t[2] * u[1], t[2] * u[0] - t[0] * u[2], t[0] * u[1] - t[1] * u[0]]
        d = [vertex[k] - p[k] for k in range(3)]
        x, y = sum(d[k] * right[k] for k in range(3)), sum(d[k] * u[k] for k in range(3))
        along = abs(sum(d[k] * t[k] for k in range(3)))
        return max(along, min(math.hypot(x - px, y - py) for px, py in points))

    lerped = offset([a["t" + k] + (b["t" + k] - a["t" + k]) * f for k in "xyz"],
                    [a["u" + k] + (b["u" + k] - a["u" + k]) * f for k in "xyz"])
    turn = sum(a["t" + k] * b["t" + k] for k in "xyz")
    if turn > math.cos(math.radians(1)):
        return lerped
    return min(lerped, offset([a["t" + k] for k in "xyz"], [a["u" + k] for k in "xyz"]),
               offset([b["t" + k] for k in "xyz"], [b["u" + k] for k in "xyz"]))


with tempfile.TemporaryDirectory() as tmp:
    levels = sorted(glob.glob(os.path.join(source, "resources", "levels", "*.yaml")) +
                    glob.glob(os.path.join(source, "tests", "data", "levels", "*.yaml")) +
                    glob.glob(os.path.join(source, "tests", "data", "levels", "*", "*.yaml")))
    exported = []
    for level in levels:
        try:
            doc = yaml.load(open(level, encoding="utf-8-sig"), Loader=yaml.BaseLoader)  # ids stay text
        except Exception:
            continue  # the deliberately broken levels
        rails = [r for r in (doc or {}).get("rails", []) or [] if len(r.get("points", [])) >= 2]
        if not rails or run("validate", level).returncode != 0:
            continue
        out = os.path.join(tmp, os.path.basename(level).replace(".yaml", ".glb"))
        r = run("export-mesh", level, "-o", out)
        if "extreme-scale" in level:
            # A rail round the world within 5 mm takes more triangles than the whole export may have:
            # refused, naming the option (never a mesh cut short of the chord error). Within 10 km it fits.
            check(r.returncode == 3 and "rail 'around-the-world'" in r.stderr and "--max-mesh-triangles" in r.stderr
                  and not os.path.exists(out), "%s: refused at the triangle limit" % level, found=r.stderr)
            r = run("export-mesh", level, "-o", out, "--chord-error", "10000")
        check(r.returncode == 0 and os.path.exists(out), "%s: exported" % level, found=r.stderr)
        if r.returncode != 0:
            continue
        exported.append(out)
        units = (doc.get("level") or {}).get("units", "m")
        per_unit = {"m": 1.0, "cm": 0.01, "km": 1000.0, "mm": 0.001, "ft": 0.3048}.get(units, 1.0)
        gltf, blob = read_glb(out)
        roots = [gltf["nodes"][i] for i in gltf["scenes"][0]["nodes"]]  # ties and supports are their children
        names = [n["name"] for n in roots]
        check(sorted(names) == sorted(r["id"] for r in rails), "%s: one node per rail, named by its id" % level,
              found=names)
        worst, checked = 0.0, 0
        for node in roots[:12]:
            if node.get("extras", {}).get("length", 0) > 2000 * per_unit:
                continue  # a rail round the world (extreme-scale.yaml): too long to read every 0.01
            rows = frames(level, node["name"])
            check(len(rows) > 1, "%s/%s: sampled" % (level, node["name"]))
            if len(rows) < 2:
                continue
            extras = node.get("extras", {})
            track = next(r for r in rails if r["id"] == node["name"]).get("track")
            points = section_points(track, per_unit)
            check(extras.get("rail") == node["name"] and extras.get("style") == (track or {}).get("section", "rails")
                  and abs(extras.get("length", -1) - rows[-1]["s"] * per_unit) < 1e-6 * max(1.0, rows[-1]["s"]),
                  "%s/%s: its id, length and style in extras" % (level, node["name"]), found=extras)
            prim = gltf["meshes"][node["mesh"]]["primitives"][0]
            positions = accessor(gltf, blob, prim["attributes"]["POSITION"])
            uvs = accessor(gltf, blob, prim["attributes"]["TEXCOORD_0"])
            step = max(1, len(positions) // 400)
            tx, ty, tz = node.get("translation", [0, 0, 0])
            for k in range(0, len(positions), step):
                gx, gy, gz = positions[k][0] + tx, positions[k][1] + ty, positions[k][2] + tz
                vertex = (gx / per_unit, -gz / per_unit, gy / per_unit)
                # Every vertex carries its station's s (metres) in v.
                s = uvs[k][1] / per_unit
                worst = max(worst, off_section(rows, s, vertex, points) * per_unit)
                checked += 1
        # 1e-3 m, as the engines are held to, and the frames read here are interpolated between rows
        # 0.01 apart: a little more on the tightest bends of the test levels.
        # extreme-scale.yaml's rails repeat points on purpose (cusps where the tangent turns back):
        # exported and validated, not held to the section there.
        if "extreme-scale" not in level:
            check(checked > 0 and worst < 1.5e-3, "%s: every vertex on the section at the rail's frame (m)" % level,
                  found=(checked, worst))

    # One as .gltf, its buffer inside.
    quarry = os.path.join(source, "tests", "data", "levels", "quarry", "quarry.yaml")
    text = os.path.join(tmp, "quarry.gltf")
    r = run("export-mesh", quarry, "-o", text, "--rail", "under", "--style", "tube", "--size", "0.4")
    check(r.returncode == 0, "a .gltf of one rail as a tube", found=r.stderr)
    gltf = json.load(open(text))
    check([n["name"] for n in gltf["nodes"]] == ["under"] and gltf["buffers"][0]["uri"].startswith("data:"),
          "one node, the buffer inside the file", found=gltf["nodes"])
    exported.append(text)

    # The Khronos validator: no error, no warning, in any of them.
    v = subprocess.run(["node", os.path.join(source, "tools", "gltf", "validate.js"), NODE, *exported],
                       capture_output=True, text=True, timeout=600)
    check(v.returncode == 0, "the glTF validator reports no error and no warning", found=v.stdout + v.stderr)
    check(v.stdout.count(" errors 0 warnings 0") == len(exported), "every file validated", found=v.stdout)

    # assimp reads it back: the quarry's track as a ground mesh (y up) has the running rails' tops at
    # the rail's height.
    glb = os.path.join(tmp, "quarry.glb")
    level = os.path.join(tmp, "track.yaml")
    with open(level, "w") as f:
        f.write("railforge: 1\nlevel: {name: Track, units: m}\nreferences:\n"
                "  - {id: track, mesh: quarry.glb, up: y}\n")
    rows = frames(quarry, "under")
    row = min(rows, key=lambda r: abs(r["s"] - 5.0))  # straight along +x: the right is -y
    r = run("ground", level, "--at", "%r,%r" % (row["x"], row["y"] - GAUGE / 2))
    read = list(csv.DictReader(io.StringIO(r.stdout)))
    # Between two rings the rail's top is a flat face: within the chord error (5 mm) of the curve.
    check(r.returncode == 0 and read and read[0]["z"] != "" and abs(float(read[0]["z"]) - row["z"]) < 0.0051,
          "assimp reads the .glb: the right rail's top at the rail's height", expected=row["z"],
          found=(r.stdout, r.stderr))

    # The options a user gets wrong.
    r = run("export-mesh", quarry, "-o", os.path.join(tmp, "x.obj"))
    check(r.returncode == 2 and ".glb or .gltf" in r.stderr, "another extension: exit 2", found=r.stderr)
    r = run("export-mesh", quarry, "-o", os.path.join(tmp, "x.glb"), "--rail", "nope")
    check(r.returncode == 3 and "no rail 'nope'" in r.stderr, "an unknown rail: exit 3", found=r.stderr)
    r = run("export-mesh", quarry, "-o", os.path.join(tmp, "x.glb"), "--style", "girder")
    check(r.returncode == 3 and "no track style 'girder'" in r.stderr, "an unknown style: exit 3", found=r.stderr)

finish()
