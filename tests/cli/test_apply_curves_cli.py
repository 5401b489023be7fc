#!/usr/bin/env python3
"""`railforge-cli apply-curves` without Blender (docs/blender.md): curves made from a level's own
export knots, rounded to single precision as Blender stores them, change nothing (the same bytes);
one point moved with its handles is a one-line diff; a handle turned on a Catmull-Rom rail makes it a
Bezier rail; a new curve becomes a Bezier rail with its handle modes; a bad curves file is exit 3 at
its line; a curve that would break a rule writes nothing.
Usage: test_apply_curves_cli.py RAILFORGE_CLI SOURCE_DIR"""
import json
import os
import struct
import subprocess
import sys
import tempfile

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="railforge-curves-")


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def v32(v):
    return [f32(x) for x in v]


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=60)


def curves_of(level):
    """The curves the Blender add-on would write for a level imported and left alone."""
    out = os.path.join(work, "export.json")
    check(run("export", level, "-o", out).returncode == 0, "export " + level)
    with open(out) as f:
        data = json.load(f)
    curves = []
    for rail in data["rails"]:
        tilts = rail.get("tilt") or [0] * len(rail["bezier"])
        curves.append({"id": rail["id"], "closed": rail["closed"], "frame": rail.get("frame", "minimal-twist"),
                       "points": [{"co": v32(k[0]), "left": v32(k[1]), "right": v32(k[2]), "left_type": "FREE",
                                   "right_type": "FREE", "tilt": f32(t * 3.141592653589793 / 180) * 180 / 3.141592653589793}
                                  for k, t in zip(rail["bezier"], tilts)]})
    return curves


def apply(level_text, curves, name):
    level = os.path.join(work, name + ".yaml")
    with open(level, "w") as f:
        f.write(level_text)
    path = os.path.join(work, name + ".curves.json")
    with open(path, "w") as f:
        json.dump({"format": "railforge-curves", "version": 1, "curves": curves}, f)
    r = run("apply-curves", level, "--from", path, "-o", level)
    with open(level) as f:
        return r, f.read()


def changed(a, b):
    la, lb = a.split("\n"), b.split("\n")
    return [(x, y) for x, y in zip(la, lb) if x != y] if len(la) == len(lb) else None


for original in ("resources/levels/demo.yaml", "resources/levels/coaster.yaml", "tests/data/levels/bezier.yaml",
                 "tests/data/levels/engine.yaml"):
    path = os.path.join(source, original)
    with open(path) as f:
        text = f.read()
    r, after = apply(text, curves_of(path), "same")
    check(r.returncode == 0 and after == text, original + ": curves as Blender keeps them change nothing", found=r.stderr)

demo = os.path.join(source, "resources/levels/demo.yaml")
with open(demo) as f:
    demo_text = f.read()
curves = curves_of(demo)
zip_curve = next(c for c in curves if c["id"] == "zipline")
for key in ("co", "left", "right"):
    zip_curve["points"][1][key][2] += 1.0
r, after = apply(demo_text, curves, "moved")
diff = changed(demo_text, after)
check(r.returncode == 0 and diff is not None and len(diff) == 1, "a point moved with its handles: one line", found=diff)
check("changed 'zipline'" in r.stderr, "apply-curves says what changed", found=r.stderr)

curves = curves_of(demo)
zip_curve = next(c for c in curves if c["id"] == "zipline")
zip_curve["points"][1]["right"][1] += 2.0
r, after = apply(demo_text, curves, "turned")
check(r.returncode == 0 and "spline: {type: bezier" in after[after.find("id: zipline"):][:300],
      "a handle turned on a Catmull-Rom rail makes it a Bezier rail", found=after[after.find("id: zipline"):][:400])

new = {"id": "drawn", "closed": False, "frame": "upright", "points": [
    {"co": [0, 0, 1], "left": [-1, 0, 1], "right": [2, 1, 1], "left_type": "FREE", "right_type": "FREE", "tilt": 0},
    {"co": [10, 0, 1], "left": [f32(8.0), f32(-1.0), 1], "right": [f32(12.0), f32(1.0000001), 1],
     "left_type": "ALIGNED", "right_type": "ALIGNED", "tilt": 3},
    {"co": [20, 0, 1], "left": [19, 0, 1], "right": [21, 0, 1], "left_type": "AUTO", "right_type": "AUTO", "tilt": 0}]}
r, after = apply(demo_text, [new], "new")
v = run("validate", os.path.join(work, "new.yaml"))
drawn = after[after.find("- id: drawn"):]
check(r.returncode == 0 and v.returncode == 0 and "mode: free" in drawn and "mode: aligned" in drawn and "frame: upright" in drawn,
      "a new curve: a Bezier rail with its handle modes (aligned made exact), and the level validates",
      found=r.stderr + v.stderr + drawn[:500])

bad = os.path.join(work, "bad.curves.json")
with open(bad, "w") as f:
    f.write('{"format": "railforge-curves", "version": 1,\n "curves": [\n  {"id": "x", "points": [}\n]}')
r = run("apply-curves", demo, "--from", bad, "-o", os.path.join(work, "out.yaml"))
check(r.returncode == 3 and "bad.curves.json:3:" in r.stderr and not os.path.exists(os.path.join(work, "out.yaml")),
      "a broken curves file: exit 3 at its line, nothing written", found=r.stderr)
r = run("apply-curves", demo, "-o", os.path.join(work, "out.yaml"))
check(r.returncode == 2, "no --from: usage error", found=r.returncode)

# A rail reduced to one point: refused by the rules, nothing written.
curves = [{"id": "zipline", "closed": False, "frame": "minimal-twist", "points": [
    {"co": [0, 0, 0], "left": [0, 0, 0], "right": [0, 0, 0], "tilt": 0},
    {"co": [0, 0, 0], "left": [0, 0, 0], "right": [0, 0, 0], "tilt": 0}]}]
r, after = apply(demo_text, curves, "broken")
check(r.returncode == 3 and after == demo_text, "a curve that breaks a rule (two points in one place): nothing written",
      found=r.stderr)
finish()
