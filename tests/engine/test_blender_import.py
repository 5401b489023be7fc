#!/usr/bin/env python3
"""The round trip with Blender, inside the real Blender (headless, Debian's `blender`, installed by
tools/install-deps.sh), with the add-on in resources/dcc/blender (docs/blender.md):
- every rail of the repository's levels, imported into Blender, passes within 1e-4 of its length of
  RailForge's samples (Blender's evaluated points against RailForge's curve, and back);
- its normals lean as RailForge's up vectors: within 1 degree at every knot of an upright rail (Blender's
  Z_UP), and along the whole of an upright rail without tilt; where the methods differ (between the
  knots of a tilted rail: Blender eases the tilt in the curve's parameter, RailForge in arc length;
  minimal twist against Blender's MINIMUM) the largest difference is printed, and held under the
  bounds docs/blender.md gives;
- level -> Blender -> level with nothing edited writes the same bytes; a point moved in Blender is a
  one-line diff; a curve drawn in Blender with the four handle types becomes a new rail with the
  matching handle modes, and the level validates.
Usage: test_blender_import.py RAILFORGE_CLI SOURCE_DIR"""
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from checklist import check, finish  # noqa: E402

cli, source = os.path.abspath(sys.argv[1]), sys.argv[2]
blender = shutil.which("blender")
addon_parent = os.path.join(source, "resources", "dcc", "blender")
script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "blender_check.py")
# Largest differences allowed where the methods differ (measured: docs/blender.md).
TILT_EASING_DEG = 3.0
MINIMUM_TWIST_DEG = 30.0


def run_blender(*args, home):
    env = dict(os.environ, HOME=home, RAILFORGE_CLI=cli, LC_ALL="C.UTF-8")
    run = subprocess.run([blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python", script, "--",
                          *args], capture_output=True, text=True, env=env, timeout=300)
    ok = run.returncode == 0 and "RAILFORGE-BLENDER: done" in run.stdout
    check(ok, "Blender ran %s: %s" % (args[0], (run.stdout + run.stderr)[-3000:]))
    return ok


def sub(a, b):
    return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def norm(a):
    return math.sqrt(dot(a, a))


def polyline_distance(p, line):
    """Distance from p to a polyline (brute force over its segments)."""
    best = float("inf")
    for a, b in zip(line, line[1:]):
        ab = sub(b, a)
        t = max(0.0, min(1.0, dot(sub(p, a), ab) / max(dot(ab, ab), 1e-300)))
        best = min(best, norm(sub(p, [a[i] + t * ab[i] for i in range(3)])))
    return best


def dense_curve(rail, per_segment=400):
    """RailForge's own curve, densely: its exact Bezier knots (the export's) evaluated per segment."""
    knots = rail["bezier"]
    n = len(knots)
    segments = n if rail["closed"] else n - 1
    line = []
    for i in range(segments):
        p0, p1 = knots[i][0], knots[i][2]
        p2, p3 = knots[(i + 1) % n][1], knots[(i + 1) % n][0]
        for k in range(per_segment + (1 if i == segments - 1 else 0)):
            u = k / per_segment
            a, b, c, d = (1 - u) ** 3, 3 * u * (1 - u) ** 2, 3 * u * u * (1 - u), u ** 3
            line.append([a * p0[j] + b * p1[j] + c * p2[j] + d * p3[j] for j in range(3)])
    return line


def up_at(samples, point):
    """RailForge's up vector where `point` is on the rail: the nearest sample's, the two nearest blended."""
    ranked = sorted(samples, key=lambda r: norm(sub(r[1:4], point)))[:2]
    a, b = ranked
    da, db = norm(sub(a[1:4], point)), norm(sub(b[1:4], point))
    w = da / max(da + db, 1e-300)
    u = [a[7 + i] * (1 - w) + b[7 + i] * w for i in range(3)]
    return [x / norm(u) for x in u]


def compare_rails(name, export, measured):
    """Positions and normals of every rail of one level."""
    for rail in export["rails"]:
        b = measured[rail["id"]]
        length = rail["length"]
        line = b["points"] + ([b["points"][0]] if b["cyclic"] else [])
        # RailForge's samples onto Blender's curve; Blender's points onto RailForge's curve (dense, exact).
        worst = max(polyline_distance(row[1:4], line) for row in rail["samples"][::2])
        back = max(polyline_distance(p, dense_curve(rail)) for p in b["points"][::5])
        check(max(worst, back) <= 1e-4 * length, "%s rail %s: Blender's curve within 1e-4 L of RailForge's" % (name, rail["id"]),
              expected="<= %.3g" % (1e-4 * length), found="%.3g and back %.3g" % (worst, back))
        # Normals: the ribbon's pairs (v, v') straddle the curve along its normal.
        rv = b["ribbon"]
        resolution = b["resolution"]
        knot_points = [b["points"][k * resolution] for k in range(len(rail["bezier"])) if k * resolution < len(b["points"])]
        tilted = any(abs(t) > 1e-9 for t in rail.get("tilt", []))
        at_knots, everywhere = 0.0, 0.0
        for k in range(0, len(rv) - 1, 2):
            mid = [(rv[k][i] + rv[k + 1][i]) / 2 for i in range(3)]
            n = sub(rv[k + 1], rv[k])
            n = [x / norm(n) for x in n]
            angle = math.degrees(math.acos(max(-1.0, min(1.0, dot(n, up_at(rail["samples"], mid))))))
            everywhere = max(everywhere, angle)
            if min(norm(sub(mid, q)) for q in knot_points) < 1e-4 * length:
                at_knots = max(at_knots, angle)
        upright = rail.get("frame") == "upright"
        check(b["twist"] == ("Z_UP" if upright else "MINIMUM"), "%s rail %s: twist method" % (name, rail["id"]))
        print("  %s rail %-12s %-7s tilt %-3s normal vs up: at knots %.3f deg, anywhere %.3f deg" %
              (name, rail["id"], b["twist"], "yes" if tilted else "no", at_knots, everywhere))
        if upright:
            check(at_knots <= 1.0, "%s rail %s: upright normals at the knots within 1 deg" % (name, rail["id"]), found=at_knots)
            if not tilted:
                check(everywhere <= 1.0, "%s rail %s: upright without tilt within 1 deg everywhere" % (name, rail["id"]),
                      found=everywhere)
            else:
                check(everywhere <= TILT_EASING_DEG, "%s rail %s: tilt easing differs by at most %g deg" %
                      (name, rail["id"], TILT_EASING_DEG), found=everywhere)
        else:
            check(everywhere <= MINIMUM_TWIST_DEG, "%s rail %s: MINIMUM twist differs by at most %g deg" %
                  (name, rail["id"], MINIMUM_TWIST_DEG), found=everywhere)


def changed_lines(a, b):
    la, lb = a.split("\n"), b.split("\n")
    if len(la) != len(lb):
        return None
    return [(x, y) for x, y in zip(la, lb) if x != y]


if not blender:
    check(False, "blender is installed (tools/install-deps.sh installs it)")
    finish()

work = tempfile.mkdtemp(prefix="railforge-blender-")
levels = sorted(glob.glob(os.path.join(source, "resources/levels/*.yaml")) +
                glob.glob(os.path.join(source, "tests/data/levels/*.yaml")) +
                glob.glob(os.path.join(source, "tests/data/levels/*/*.yaml")))
compared = 0
for level in levels:
    name = os.path.relpath(level, source)
    export = os.path.join(work, "level.json")
    run = subprocess.run([cli, "export", level, "-o", export, "--spacing", "0.25"], capture_output=True, text=True)
    if run.returncode != 0:
        continue  # levels made to be refused, or with strategies not installed
    with open(export) as f:
        data = json.load(f)
    if not data["rails"]:
        continue
    out = os.path.join(work, "measured.json")
    if run_blender("measure", addon_parent, export, out, home=work):
        with open(out) as f:
            compare_rails(name, data, json.load(f))
        compared += 1
check(compared >= 6, "rails of at least six levels compared (%d)" % compared)

# The round trip, on copies of levels with every spline kind.
for original, rail, index in (("resources/levels/demo.yaml", "zipline", 1),
                              ("resources/levels/coaster.yaml", None, None),
                              ("tests/data/levels/bezier.yaml", "b1", 1)):
    with open(os.path.join(source, original)) as f:
        before = f.read()
    copy = os.path.join(work, os.path.basename(original))
    with open(copy, "w") as f:
        f.write(before)
    if run_blender("roundtrip", addon_parent, copy, "none", home=work):
        with open(copy) as f:
            check(f.read() == before, "%s: level -> Blender -> level, nothing edited: the same bytes" % original)
    if rail is None:
        continue
    if run_blender("roundtrip", addon_parent, copy, "move", rail, str(index), home=work):
        with open(copy) as f:
            diff = changed_lines(before, f.read())
        check(diff is not None and len(diff) == 1, "%s: point %d of %s moved in Blender is a one-line diff" % (original, index, rail),
              found=diff)

copy = os.path.join(work, "drawn.yaml")
shutil.copy(os.path.join(source, "resources/levels/demo.yaml"), copy)
if run_blender("roundtrip", addon_parent, copy, "new", home=work):
    v = subprocess.run([cli, "validate", copy], capture_output=True, text=True)
    check(v.returncode == 0, "a curve drawn in Blender: the level validates", found=v.stdout + v.stderr)
    with open(copy) as f:
        text = f.read()
    drawn = text[text.find("- id: drawn"):]
    lines = drawn.split("points:\n", 1)[-1].split("\n")[:4]
    # A point written without a mode is auto (the default).
    modes = [re.search(r"mode: (\w+)", line).group(1) if "mode: " in line else "auto" for line in lines]
    check(drawn.startswith("- id: drawn") and "type: bezier" in drawn[:200] and modes == ["free", "aligned", "corner", "auto"],
          "the drawn curve is a Bezier rail with the matching handle modes", expected=["free", "aligned", "corner", "auto"],
          found=drawn[:600])
finish()
