#!/usr/bin/env python3
"""`railforge-cli ground` and `drape` on references the test builds itself: a glTF 2.0 with a base64
buffer (its y-up axes against `up: z`), an OBJ bridge deck over a road (`--below`), an OBJ terrain of
random triangles (against testing every triangle in Python), 8- and 16-bit PNG heightmaps (the pixel
convention at pixel centres and between them), a mesh transform, drape, and the errors.
Usage: test_ground_cli.py RAILFORGE_CLI"""
import base64
import csv
import io
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib

from checklist import check, finish

cli = sys.argv[1]


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)


def heights(result):
    return [None if row["z"] == "" else float(row["z"]) for row in csv.DictReader(io.StringIO(result.stdout))]


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def level(path, references, rails=""):
    write(path, "railforge: 1\nlevel: {name: Ground, units: m}\nreferences:\n" +
          "".join("  - " + r + "\n" for r in references) + (rails or "rails: []\n"))


def gltf(path, vertices, indices):
    data = b"".join(struct.pack("<3f", *v) for v in vertices)
    index_data = b"".join(struct.pack("<H", i) for i in indices)
    index_data += b"\0" * (-len(index_data) % 4)
    buf = index_data + data
    lo = [min(v[k] for v in vertices) for k in range(3)]
    hi = [max(v[k] for v in vertices) for k in range(3)]
    doc = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 0}]}],
        "buffers": [{"byteLength": len(buf),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(buf).decode()}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(indices) * 2, "target": 34963},
                        {"buffer": 0, "byteOffset": len(index_data), "byteLength": len(data), "target": 34962}],
        "accessors": [{"bufferView": 0, "componentType": 5123, "count": len(indices), "type": "SCALAR"},
                      {"bufferView": 1, "componentType": 5126, "count": len(vertices), "type": "VEC3",
                       "min": lo, "max": hi}],
    }
    import json
    write(path, json.dumps(doc))


def obj(path, triangles):
    lines = []
    for t in triangles:
        for v in t:
            lines.append("v %r %r %r" % v)
    for k in range(len(triangles)):
        lines.append("f %d %d %d" % (3 * k + 1, 3 * k + 2, 3 * k + 3))
    write(path, "\n".join(lines) + "\n")


def png(path, rows, bits):
    h, w = len(rows), len(rows[0])
    raw = b""
    for row in rows:
        raw += b"\0" + b"".join(struct.pack(">H" if bits == 16 else "B", v) for v in row)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bits, 0, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def brute(triangles, x, y, below=math.inf):
    """The highest plane height at (x, y) over every triangle containing it (edges included)."""
    best = None
    for (ax, ay, az), (bx, by, bz), (cx, cy, cz) in triangles:
        area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        if abs(area) < 1e-12:
            continue
        wa = ((bx - x) * (cy - y) - (by - y) * (cx - x)) / area
        wb = ((x - ax) * (cy - ay) - (y - ay) * (cx - ax)) / area
        wc = 1 - wa - wb
        if min(wa, wb, wc) < -1e-12:
            continue
        z = wa * az + wb * bz + wc * cz
        if z <= below and (best is None or z > best):
            best = z
    return best


with tempfile.TemporaryDirectory() as tmp:
    p = lambda name: os.path.join(tmp, name)

    # A glTF triangle: file (0,0,0), (10,0,0), (0,10,-10). y-up: world (x, -z, y) = (0,0,0), (10,0,0),
    # (0,10,10), so the ground rises as y (z = y). With up: z the file's axes stand: z = -y.
    gltf(p("slope.gltf"), [(0, 0, 0), (10, 0, 0), (0, 10, -10)], [0, 1, 2])
    level(p("gltf.yaml"), ["{id: slope, mesh: slope.gltf}"])
    r = run("ground", p("gltf.yaml"), "--at", "1,5")
    check(r.returncode == 0 and r.stdout.startswith("x,y,z\n"), "ground --at prints x,y,z: " + r.stderr)
    check(heights(r) == [5.0], "glTF, up: y (the default): the file's y is the level's z", 5.0, heights(r))
    level(p("gltf_z.yaml"), ["{id: slope, mesh: slope.gltf, up: z}"])
    r = run("ground", p("gltf_z.yaml"), "--at", "1,5")
    check(heights(r) == [-5.0], "glTF with up: z: the file's axes as they are (z = -y)", -5.0, heights(r))
    check(heights(run("ground", p("gltf.yaml"), "--at", "20,20")) == [None], "no ground there: z empty")

    # An OBJ bridge (up: z): a road at z 0 along x, a deck at z 5 across it.
    road = [((-10, -2, 0), (10, -2, 0), (10, 2, 0)), ((-10, -2, 0), (10, 2, 0), (-10, 2, 0))]
    deck = [((-3, -5, 5), (3, -5, 5), (3, 5, 5)), ((-3, -5, 5), (3, 5, 5), (-3, 5, 5))]
    obj(p("bridge.obj"), road + deck)
    level(p("bridge.yaml"), ["{id: bridge, mesh: bridge.obj, up: z}"])
    check(heights(run("ground", p("bridge.yaml"), "--at", "0,0")) == [5.0], "on the bridge: the deck")
    check(heights(run("ground", p("bridge.yaml"), "--at", "0,0", "--below", "4")) == [0.0],
          "--below 4 under the bridge: the road")
    check(heights(run("ground", p("bridge.yaml"), "--at", "0,4", "--below", "4")) == [None],
          "--below 4 beside the road, under the deck: nothing")

    # A transform: scale 2, rotate 90 degrees, translate (100, 0, 1): the road now runs along y at x 100.
    level(p("moved.yaml"), ["{id: bridge, mesh: bridge.obj, up: z, transform: {scale: 2, rotate: 90, translate: [100, 0, 1]}}"])
    r = run("ground", p("moved.yaml"), "--at", "100,15", "--below", "5")
    check(heights(r) == [1.0], "transformed: the road, scaled and turned, 1 m up", 1.0, heights(r))
    r = run("ground", p("moved.yaml"), "--at", "100,0")
    check(heights(r) == [11.0], "transformed: the deck at 2 x 5 + 1", 11.0, heights(r))

    # A random OBJ terrain against every triangle, and points from a CSV.
    rng = random.Random(7)
    tris = []
    for _ in range(400):
        a = (rng.uniform(0, 50), rng.uniform(0, 50), rng.uniform(-5, 5))
        tris.append((a, tuple(a[k] + rng.uniform(-6, 6) for k in range(3)),
                     tuple(a[k] + rng.uniform(-6, 6) for k in range(3))))
    # Written as OBJ text with repr floats: read back as floats by assimp (single precision), so the
    # Python side uses the same single-precision vertices.
    tris = [tuple(tuple(struct.unpack("f", struct.pack("f", c))[0] for c in v) for v in t) for t in tris]
    obj(p("terrain.obj"), tris)
    level(p("terrain.yaml"), ["{id: t, mesh: terrain.obj, up: z}"])
    queries = [(rng.uniform(-5, 55), rng.uniform(-5, 55)) for _ in range(500)]
    write(p("q.csv"), "x,y\n" + "".join("%r,%r\n" % q for q in queries))
    got = heights(run("ground", p("terrain.yaml"), "--in", p("q.csv")))
    expected = [brute(tris, x, y) for x, y in queries]
    same = len(got) == len(expected) and all(
        (a is None) == (b is None) and (a is None or abs(a - b) <= 1e-9 * max(1, abs(b))) for a, b in zip(got, expected))
    check(same, "a random terrain: the same heights as testing every triangle (500 points)")
    check(sum(1 for e in expected if e is not None) > 200, "most of those points are over ground")

    # Heightmaps: 3 x 2 pixels over [0, 20] x [0, 10], row 0 at the north edge (y 10); black 0, white 10.
    for bits, full in ((8, 255), (16, 65535)):
        png(p("h%d.png" % bits), [[0, full // 2, full], [full, full, 0]], bits)
        level(p("h%d.yaml" % bits), ["{id: h, heightmap: h%d.png, rect: [0, 0, 20, 10], z_range: [0, 10]}" % bits])
        at = ["0,10", "10,10", "20,10", "0,0", "20,0", "5,10", "5,5", "-1,5"]
        write(p("hq.csv"), "x,y\n" + "\n".join(at) + "\n")
        got = heights(run("ground", p("h%d.yaml" % bits), "--in", p("hq.csv")))
        mid = 10 * (full // 2) / full
        want = [0, mid, 10, 10, 0, mid / 2, (0 + mid + 10 + 10) / 4, None]
        check(len(got) == len(want) and all((a is None and b is None) or (a is not None and b is not None and
                                                                          abs(a - b) < 1e-9) for a, b in zip(got, want)),
              "%d-bit heightmap: pixel centres exact, bilinear between, none outside" % bits, want, got)

    # Drape a rail over the glTF slope (z = y), 1 m above it; the file keeps its comment.
    write(p("drape.yaml"), "# a rail to drape\nrailforge: 1\nlevel: {name: Drape, units: m}\nreferences:\n"
          "  - {id: slope, mesh: slope.gltf}\nrails:\n  - id: r\n    closed: false\n"
          "    spline: {type: linear, alpha: 0.5}\n    points: [[1, 1, 0], [2, 4, 0], [30, 30, 7]]\n")
    # (The slope is 45 degrees: the grade limit is lifted to see drape's heights alone; test_level_whole_cli.py
    # tests the limit.)
    r = run("drape", p("drape.yaml"), "--rail", "r", "--clearance", "1", "--max-grade", "89", "-o", p("draped.yaml"))
    check(r.returncode == 0, "drape writes the level: " + r.stderr)
    check("draped 2 of 3 points" in r.stderr, "drape says which points had no ground under them", "2 of 3", r.stderr)
    text = open(p("draped.yaml")).read()
    check(text.startswith("# a rail to drape\n") and "[[1, 1, 2], [2, 4, 5], [30, 30, 7]]" in text,
          "draped: z = ground + 1 where there is ground, the rest of the file kept", None, text)
    check(run("validate", p("draped.yaml")).returncode == 0, "the draped level is valid")

    # Validate warns where a rail runs below the ground: a rail at z 0 across the slope (z = y) dips
    # 4 m under it at y 4; the draped one does not.
    write(p("under.yaml"), "railforge: 1\nlevel: {name: Under, units: m}\nreferences:\n"
          "  - {id: slope, mesh: slope.gltf}\nrails:\n  - id: low\n    closed: false\n"
          "    spline: {type: linear, alpha: 0.5}\n    points: [[1, 1, 0], [1, 4, 0], [5, 4, 4]]\n")
    r = run("validate", p("under.yaml"))
    check(r.returncode == 0 and "under.yaml:6:" in r.stderr and "rail low passes 4 below the ground at s = 3" in r.stderr,
          "validate: a rail below the ground is a warning at the rail", None, r.stderr)
    # Straight pieces draped over one plane stay on it (the draped rail above crosses the slope's edge
    # between its points, and dips below it there: drape sets the control points only).
    write(p("plane.yaml"), text.replace("[[1, 1, 2], [2, 4, 5], [30, 30, 7]]", "[[1, 1, 0], [2, 4, 0], [3, 6, 0]]"))
    check(run("drape", p("plane.yaml"), "--rail", "r", "--max-grade", "89", "-o", p("plane.yaml")).returncode == 0,
          "drape in place")
    r = run("validate", p("plane.yaml"))
    check(r.returncode == 0 and "below the ground" not in r.stderr, "a rail draped on a plane is not below it", None,
          r.stderr)
    r = run("validate", p("draped.yaml"))
    check("rail r passes" in r.stderr, "the first draped rail dips below the slope between its points", None, r.stderr)

    # --follow: a straight rail across a bumpy terrain, draped at its two ends only, cuts through the
    # bumps; following the ground adds points until it strays by no more than the tolerance.
    bumps = []
    at = lambda i, j: (float(i), float(j), math.sin(i * 0.8) * 1.5)
    for j in range(10):
        for i in range(30):
            bumps += [(at(i, j), at(i + 1, j), at(i + 1, j + 1)), (at(i, j), at(i + 1, j + 1), at(i, j + 1))]
    obj(p("bumps.obj"), bumps)
    write(p("bumpy.yaml"), "railforge: 1\nlevel: {name: Bumps, units: m}\nreferences:\n"
          "  - {id: b, mesh: bumps.obj, up: z}\nrails:\n  - id: r\n    closed: false\n"
          "    spline: {type: linear, alpha: 0.5}\n    points: [[0.5, 5, 9], [29.5, 5, 9]]\n")
    run("drape", p("bumpy.yaml"), "--rail", "r", "--max-grade", "89", "-o", p("ends.yaml"))
    check("below the ground" in run("validate", p("ends.yaml")).stderr, "draped at its ends only: below the bumps")
    r = run("drape", p("bumpy.yaml"), "--rail", "r", "--follow", "0.05", "--max-grade", "89", "-o", p("follow.yaml"))
    check(r.returncode == 0, "drape --follow 0.05: " + r.stderr)
    import yaml
    followed = yaml.safe_load(open(p("follow.yaml")))["rails"][0]["points"]
    check(len(followed) > 20, "--follow added points", "> 20", len(followed))
    worst = max(abs(pt[2] - math.sin(pt[0] * 0.8) * 1.5) for pt in followed if 0 <= pt[0] <= 30)
    check(worst < 0.2, "every point sits on the bumps (within the terrain's facets)", "< 0.2", worst)
    r = run("validate", p("follow.yaml"))
    check("below the ground" not in r.stderr or all(
        float(line.split(" passes ")[1].split(" ")[0]) <= 0.05 for line in r.stderr.splitlines()
        if " below the ground" in line),
          "followed: nowhere more than the tolerance below the ground", None, r.stderr)
    check(run("drape", p("bumpy.yaml"), "--rail", "r", "--follow", "0", "-o", p("x.yaml")).returncode == 2,
          "--follow 0: exit 2")
    # A tilted rail followed: the added points' tilts are tool-made numbers (1e-4 degrees), the
    # designer's own tilts as typed.
    write(p("tilted.yaml"), open(p("bumpy.yaml")).read().replace(
        "points: [[0.5, 5, 9], [29.5, 5, 9]]", "points: [{at: [0.5, 5, 9], tilt: 7.123456789}, {at: [29.5, 5, 9], tilt: 17}]"))
    r = run("drape", p("tilted.yaml"), "--rail", "r", "--follow", "0.05", "--max-grade", "89", "-o", p("tilted-out.yaml"))
    tilts = [pt["tilt"] for pt in yaml.safe_load(open(p("tilted-out.yaml")))["rails"][0]["points"] if isinstance(pt, dict)]
    check(r.returncode == 0 and len(tilts) > 20 and tilts[0] == 7.123456789 and
          all(abs(t * 1e4 - round(t * 1e4)) < 1e-6 for t in tilts[1:]),
          "drape --follow: added points' tilts rounded to 1e-4 degrees, the designer's kept", None, tilts[:6])

    # Errors.
    level(p("none.yaml"), ["{id: plan, image: plan.png, rect: [0, 0, 1, 1]}"])
    check(run("ground", p("none.yaml"), "--at", "0,0").returncode == 3, "a level without ground: exit 3")
    r = run("ground", p("bridge.yaml"), "--at", "0,0", "--reference", "nope")
    check(r.returncode == 3 and "no reference 'nope'" in r.stderr, "an unknown reference: exit 3", None, r.stderr)
    check(run("drape", p("drape.yaml"), "--rail", "nope", "-o", p("x.yaml")).returncode == 3, "an unknown rail: exit 3")
    check(run("ground", p("bridge.yaml"), "--at", "0,0", "--below", "abc").returncode == 2, "--below abc: exit 2")
    check(run("ground", p("bridge.yaml")).returncode == 2, "no --at or --in: exit 2")
    level(p("missing.yaml"), ["{id: gone, mesh: gone.glb}", "{id: slope, mesh: slope.gltf}"])
    r = run("ground", p("missing.yaml"), "--at", "1,5")
    check(r.returncode == 0 and heights(r) == [5.0] and "gone.glb" in r.stderr,
          "a missing mesh is a warning naming the file; the rest of the ground answers", None, r.stderr)
    r = run("validate", p("missing.yaml"))
    check(r.returncode == 0 and "gone.glb" in r.stderr, "validate: a missing mesh is a warning naming the file", None,
          r.stderr)
    # A key of another kind of reference: an error at it (a save would drop it).
    level(p("other.yaml"), ["{id: plan, image: h8.png, rect: [0, 0, 1, 1], ground: false}",
                            "{id: h, heightmap: h8.png, rect: [0, 0, 1, 1], z_range: [0, 1], opacity: 0.5}"])
    r = run("validate", p("other.yaml"))
    check(r.returncode == 3 and "other.yaml:4:" in r.stderr and "never ground" in r.stderr and
          "other.yaml:5:" in r.stderr and "'opacity' applies to an image reference, not to a heightmap" in r.stderr,
          "keys of another kind of reference: errors at them", None, r.stderr)
    # A mesh's colour in the 3D view: '#RRGGBB', kept by a rewrite; none on an image, nothing else.
    level(p("colour.yaml"), ["{id: plan, image: h8.png, rect: [0, 0, 1, 1], color: \"#102030\"}",
                             "{id: deck, mesh: slope.gltf, color: red}"])
    r = run("validate", p("colour.yaml"))
    check(r.returncode == 3 and "colour.yaml:4:" in r.stderr and "an image shows its own colours" in r.stderr and
          "colour.yaml:5:" in r.stderr and "color must be '#RRGGBB'" in r.stderr,
          "a colour on an image, a colour not #RRGGBB: errors at them", None, r.stderr)
    level(p("coloured.yaml"), ["{id: deck, mesh: slope.gltf, color: \"#c07a48\"}"])
    r = run("validate", p("coloured.yaml"))
    check(r.returncode == 0, "a mesh with a colour loads", None, r.stderr)
    level(p("recoloured.yaml"), ["{id: deck, mesh: slope.gltf, color: \"#3050a0\"}"])
    r = run("diff", p("coloured.yaml"), p("recoloured.yaml"))
    check(r.returncode == 0 and "reference 'deck'" in r.stdout and "#3050a0" in r.stdout,
          "diff names a changed colour", None, r.stdout + r.stderr)
    level(p("bad.yaml"), ["{id: h, heightmap: h8.png, rect: [20, 0, 0, 10], z_range: [0, 10]}"])
    r = run("validate", p("bad.yaml"))
    check(r.returncode == 3 and "bad.yaml:4:" in r.stderr and "x0 < x1" in r.stderr,
          "a broken reference entry: FILE:LINE:COLUMN, exit 3", None, r.stderr)
finish()
