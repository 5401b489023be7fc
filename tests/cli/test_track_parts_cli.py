#!/usr/bin/env python3
"""`railforge-cli export-mesh` ties and supports (docs/export-format.md "Track meshes"), on
tests/data/levels/trestle, a level made for them, checked without RailForge's code:
- every support stands on the highest surface under its column's top (brute force over the ground's
  triangles, 1e-6): on the deck where the deck is under it, on the ground elsewhere;
- none where the track is within the skip height of that surface, none through a track (every rail
  sampled every 0.05, its own away from the support's place), and every place the style asks for is
  either a support, within the skip height, or named in a warning;
- a column's top is the section's lowest point there; ties every 0.8 from 0.4 on, each under the
  rails and turned to the rail's frame;
- EXT_mesh_gpu_instancing gives the same transforms as the plain nodes of --plain; the Khronos
  validator passes both;
- a style the reader refuses is told at its place, exit 3.
Usage: test_track_parts_cli.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import math
import os
import subprocess
import sys
import tempfile

from checklist import check, finish
from glb_read import accessor, read_glb

cli, source = sys.argv[1], sys.argv[2]
NODE = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "railforge", "node",
                    "node_modules")
folder = os.path.join(source, "tests", "data", "levels", "trestle")
level = os.path.join(folder, "trestle.yaml")
GAUGE, SKIP, WIDTH = 1.435, 1.5, 0.4
REACH = {"coaster": math.hypot(GAUGE / 2 + 0.035 * GAUGE, 0.1 * GAUGE), "cross": 0.4}


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)


def triangles():
    vertices, tris = [], []
    for line in open(os.path.join(folder, "trestle.obj")):
        parts = line.split()
        if parts and parts[0] == "v":
            vertices.append(tuple(float(c) for c in parts[1:4]))
        elif parts and parts[0] == "f":
            tris.append(tuple(vertices[int(k.split("/")[0]) - 1] for k in parts[1:4]))
    return tris


TRIS = triangles()


def highest_below(x, y, z):
    """The highest point of any triangle straight under (x, y, z), by brute force (None: none)."""
    best = None
    for a, b, c in TRIS:
        d = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
        if abs(d) < 1e-12:
            continue  # a wall seen from above
        l1 = ((b[1] - c[1]) * (x - c[0]) + (c[0] - b[0]) * (y - c[1])) / d
        l2 = ((c[1] - a[1]) * (x - c[0]) + (a[0] - c[0]) * (y - c[1])) / d
        l3 = 1 - l1 - l2
        if min(l1, l2, l3) < -1e-9:
            continue
        h = l1 * a[2] + l2 * b[2] + l3 * c[2]
        if h <= z + 1e-9 and (best is None or h > best):
            best = h
    return best


def rows(rail, spacing="0.05"):
    r = run("sample", level, "--rail", rail, "--spacing", spacing)
    return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(r.stdout))]


def at_s(table, s):
    return min(table, key=lambda r: abs(r["s"] - s))


def outline(rail):
    """The section's outline points (x right, y up): the coaster's running rails, cross's tube."""
    if rail == "cross":
        return [(0.4 * math.cos(2 * math.pi * k / 16), 0.4 * math.sin(2 * math.pi * k / 16)) for k in range(16)]
    g, w, h = GAUGE, 0.07 * GAUGE, 0.1 * GAUGE
    return [(x, y) for x in (-g / 2 - w / 2, -g / 2 + w / 2, g / 2 - w / 2, g / 2 + w / 2) for y in (-h, 0.0)]


def lowest(rail, row):
    """The lowest height of the section placed at a sampled row's frame (right = tangent x up)."""
    t, u = (row["tx"], row["ty"], row["tz"]), (row["ux"], row["uy"], row["uz"])
    right_z = t[0] * u[1] - t[1] * u[0]
    return min(row["z"] + x * right_z + y * u[2] for x, y in outline(rail))


def level_point(parent, child):
    """A child node's origin in level axes (glTF y up: level (x, y, z) = (gx, -gz, gy))."""
    g = [parent["translation"][k] + child["translation"][k] for k in range(3)]
    return (g[0], -g[2], g[1])


with tempfile.TemporaryDirectory() as tmp:
    plain, instanced = os.path.join(tmp, "plain.glb"), os.path.join(tmp, "instanced.glb")
    r = run("export-mesh", level, "-o", plain, "--plain")
    check(r.returncode == 0, "exported with --plain", found=r.stderr)
    warnings = r.stderr
    r = run("export-mesh", level, "-o", instanced)
    check(r.returncode == 0, "exported with instancing", found=r.stderr)
    gltf, blob = read_glb(plain)
    nodes = gltf["nodes"]
    roots = {nodes[i]["name"]: nodes[i] for i in gltf["scenes"][0]["nodes"]}
    check(sorted(roots) == ["coaster", "cross"], "one root node per rail", found=list(roots))
    samples = {rail: rows(rail) for rail in roots}
    fine = {rail: rows(rail, "0.01") for rail in roots}
    length = {rail: samples[rail][-1]["s"] for rail in roots}

    def children(rail, what):
        group = [nodes[i] for i in roots[rail].get("children", []) if nodes[i]["name"] == rail + " " + what]
        return [nodes[i] for i in group[0].get("children", [])] if group else []

    # Supports: on the highest surface under them, clear of every track, none within the skip height.
    on_deck, standing = 0, {}
    for rail in roots:
        columns = children(rail, "supports")
        standing[rail] = [c["extras"]["s"] for c in columns]
        worst_foot, worst_top = 0.0, 0.0
        for c in columns:
            foot = level_point(roots[rail], c)
            top = foot[2] + c["scale"][1]
            surface = highest_below(foot[0], foot[1], top)
            worst_foot = max(worst_foot, abs(foot[2] - surface) if surface is not None else 1e9)
            on_deck += surface == 5.0 and 40 <= foot[0] <= 70
            check(top - foot[2] >= SKIP - 1e-9, "%s: support at s %.2f is taller than the skip height" % (rail, c["extras"]["s"]),
                  found=top - foot[2])
            row = at_s(fine[rail], c["extras"]["s"])
            # Under the rail's curve, its top the section's lowest point there (rows 0.01 apart).
            worst_top = max(worst_top, math.hypot(foot[0] - row["x"], foot[1] - row["y"]))
            check(abs(top - lowest(rail, row)) < 0.01, "%s: support at s %.2f starts at the track's lowest point"
                  % (rail, row["s"]), found=(top, lowest(rail, row)))
            for other, table in samples.items():
                clear = REACH[other] + WIDTH / 2
                for q in table:
                    if other == rail and abs(q["s"] - row["s"]) <= REACH[rail] + WIDTH:
                        continue
                    if q["z"] + REACH[other] <= foot[2] or q["z"] - REACH[other] >= top:
                        continue
                    if math.hypot(q["x"] - foot[0], q["y"] - foot[1]) < clear - 0.01:
                        check(False, "%s: support at s %.2f clear of %s's track" % (rail, row["s"], other),
                              found=(q["s"], q["x"], q["y"], q["z"]))
                        break
        # Columns are where their rail is (the sampled rows are 0.05 apart).
        check(columns and worst_foot < 1e-6 and worst_top < 0.03,
              "%s: %d supports stand on the highest surface under them (brute force)" % (rail, len(columns)),
              found=(worst_foot, worst_top))
    check(on_deck >= 3, "supports over the deck stand on the deck", found=on_deck)

    # Every place asked for is a support, a place within the skip height, or named in a warning.
    asked = {"coaster": [1.5 + 3 * k for k in range(100) if 1.5 + 3 * k < length["coaster"]] + [1.0],
             "cross": [2.5 + 5 * k for k in range(100) if 2.5 + 5 * k < length["cross"]]}
    skipped = 0
    for rail, places in asked.items():
        for s in places:
            if any(abs(s - t) < 1e-6 for t in standing[rail]):
                continue
            said = "rail '%s': support at s %g left out" % (rail, s)
            row = at_s(samples[rail], s)
            ground = highest_below(row["x"], row["y"], row["z"] - 0.1 * GAUGE)
            if ground is not None and row["z"] - ground < SKIP + REACH[rail]:
                skipped += 1
                continue
            check(said in warnings, "%s: no support at s %g is said" % (rail, s), found=warnings)
    check(skipped >= 1, "no support where the track is within the skip height of the ground", found=skipped)
    check("passes under it" in warnings and "rail 'cross'" in warnings,
          "the supports `cross` passes under are left out and said", found=warnings)

    # Ties: every 0.8 from 0.4, hanging under the rails, turned with the rail.
    ties = children("coaster", "ties")
    expected = [0.4 + 0.8 * k for k in range(1000) if 0.4 + 0.8 * k < length["coaster"]]
    check(len(ties) == len(expected), "a tie every 0.8 of the coaster", expected=len(expected), found=len(ties))
    worst = 0.0
    for t, s in zip(ties, expected):
        row = at_s(fine["coaster"], s)
        up = (row["ux"], row["uy"], row["uz"])
        want = [row[k] - 0.1 * GAUGE * up[i] for i, k in enumerate("xyz")]
        got = level_point(roots["coaster"], t)
        worst = max(worst, math.dist(want, got), abs(t["extras"]["s"] - s))
        # The tie's own y axis (the quaternion's turn of (0, 1, 0)), in level axes, is the rail's up.
        x, y, z, w = t["rotation"]
        gy = (2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x))
        worst = max(worst, math.dist((gy[0], -gy[2], gy[1]), up) * 0.01)
    check(worst < 6e-3, "each tie under the rails at its place, turned to the rail's up", found=worst)

    # Instancing gives the plain file's transforms.
    inst, iblob = read_glb(instanced)
    check("EXT_mesh_gpu_instancing" in inst.get("extensionsUsed", []) and
          "EXT_mesh_gpu_instancing" not in inst.get("extensionsRequired", []),
          "EXT_mesh_gpu_instancing is used, not required", found=inst.get("extensionsUsed"))
    worst, compared = 0.0, 0
    for n in inst["nodes"]:
        ext = n.get("extensions", {}).get("EXT_mesh_gpu_instancing")
        if not ext:
            continue
        rail, what = n["name"].split(" ")
        plain_nodes = children(rail, what)
        attrs = ext["attributes"]
        t, q, sc = (accessor(inst, iblob, attrs[k]) for k in ("TRANSLATION", "ROTATION", "SCALE"))
        check(len(t) == len(plain_nodes), "%s: as many instances as plain nodes" % n["name"])
        for k, p in enumerate(plain_nodes):
            for a, b in ((t[k], p["translation"]), (q[k], p["rotation"]), (sc[k], p["scale"])):
                worst = max(worst, max(abs(x - y) for x, y in zip(a, b)))
            compared += 1
    check(compared > 50 and worst < 1e-4, "instances carry the plain nodes' transforms", found=(compared, worst))

    v = subprocess.run(["node", os.path.join(source, "tools", "gltf", "validate.js"), NODE, plain, instanced],
                       capture_output=True, text=True, timeout=600)
    check(v.returncode == 0 and v.stdout.count(" errors 0 warnings 0") == 2,
          "the glTF validator reports no error and no warning on both", found=v.stdout + v.stderr)

    # A style the reader refuses, at its place.
    bad = os.path.join(tmp, "bad.yaml")
    text = open(level).read().replace("section: tube", "section: girder").replace("every: 0.8", "every: -1")
    text = text.replace("references:\n  - {id: trestle, mesh: trestle.obj, up: z}\n", "")
    open(bad, "w").write(text)
    r = run("validate", bad)
    lines = text.splitlines()
    girder = next(i for i, l in enumerate(lines) if "girder" in l) + 1
    check(r.returncode == 3 and ("bad.yaml:%d:" % girder) in r.stderr + r.stdout and "unknown section 'girder'" in
          r.stderr + r.stdout and "ties every must be 0 or more" in r.stderr + r.stdout,
          "an unknown section and a negative spacing: FILE:LINE:COLUMN, exit 3", found=r.stdout + r.stderr)

finish()
