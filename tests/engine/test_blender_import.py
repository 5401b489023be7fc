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
- level -> Blender -> level with nothing edited writes the same bytes (every level of the repository with
  rails); a point moved in Blender is a
  one-line diff; a curve drawn in Blender with the four handle types becomes a new rail with the
  matching handle modes, and the level validates;
- custom properties Blender cannot hold as they are (names over 63 bytes, integers beyond 32 bits,
  true/false in Blender 3.x) import without error, kept as text with their exact names, values and
  types, named in the import's summary, and the level comes back byte for byte;
- an import that fails midway (an export whose second rail is broken; a level whose second rail is
  made to raise as it is built) leaves the scene exactly as it was, into the factory scene and into
  one holding an earlier import, and says what failed where (the operator reports an error).
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


# Custom properties Blender cannot hold as they are: integers beyond 32 bits either way (2^40, -2^31 - 1,
# RailForge's 64-bit extremes), names over 63 bytes with the add-on's "rf_" (one under 63 characters
# but over in UTF-8 bytes), true/false; beside ones it holds (2^31 - 1, -2^31, reals, text, colours).
PROPERTIES_LEVEL = """# Custom properties Blender cannot hold as they are.
railforge: 1
level: {name: Properties, units: m}
waypoints:
  - {id: gate, position: [0, 0, 0], properties: {far: 1099511627776, below: -2147483649, top: 2147483647, least: -2147483648, open: true, wait: 2.0}}
  - {id: yard, position: [10, 0, 0], properties: {a_waypoint_property_named_with_far_more_than_the_sixty_three_bytes_blender_holds: yard}}
  - {id: dock, position: [10, 10, 0], properties: {}}
edges:
  - {from: gate, to: yard}
  - {from: yard, to: dock}
obstacles: []
rails:
  - id: main
    closed: false
    spline: {type: linear, alpha: 0.5}
    points: [[0, 20, 0], [40, 20, 0]]
    properties: {seed: 9223372036854775807, least: -9223372036854775808, speed: 8.0, colour: "#2E86DE", a_rail_property_named_with_far_more_than_the_sixty_three_bytes_blender_holds: 1099511627776}
  - id: branch
    closed: false
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[40, 20, 0], [50, 28, 0], [60, 30, 0]]
    properties: {carts: -1099511627776}
junctions:
  - id: fork
    at: {rail: main, end: end}
    links: [{rail: branch, end: start}]
    default: branch
    properties: {signal_box_with_a_name_long_enough_to_pass_the_sixty_three_byte_limit: 4294967296}
patrols:
  - id: round
    stops: [gate, yard, dock]
    mode: loop
    properties: {laps: 4294967295, éjszakai_őrjárat_útvonalának_hosszú_lépésszámláló_értéke: 7}
"""


def held_by_blender(name, value):
    """Whether Blender 3.4 holds a property as rf_NAME as it is: a name of at most 63 bytes with the
    prefix, and text, a real or a 32-bit integer (true/false it turns into 1/0)."""
    if len(("rf_" + name).encode("utf-8")) > 63 or isinstance(value, bool):
        return False
    return isinstance(value, (str, float)) or -2 ** 31 <= value < 2 ** 31


def exported_properties(export):
    """Every object's custom properties in the export, by (kind, id), as the add-on imports them."""
    found = {("rail", r["id"]): r["properties"] for r in export["rails"]}
    found.update({("waypoint", n["id"]): n["properties"] for n in export["graph"]["nodes"]})
    found.update({("patrol", p["id"]): p["properties"] for p in export["patrols"]})
    found.update({("junction", j["id"]): j["properties"] for j in export.get("junctions", [])})
    found[("graph", "graph")] = {}
    return found


def check_properties(level):
    """The properties level imported and written back: exact values, the right ones as text, the
    summary naming them, the same bytes."""
    export_path = os.path.join(work, "properties.json")
    run = subprocess.run([cli, "export", level, "-o", export_path], capture_output=True, text=True)
    check(run.returncode == 0, "the properties level exports", found=run.stderr)
    with open(export_path, encoding="utf-8") as f:
        expected = exported_properties(json.load(f))
    with open(level, encoding="utf-8") as f:
        before = f.read()
    out = os.path.join(work, "properties-out.json")
    if not run_blender("properties", addon_parent, level, out, home=work):
        return
    with open(level, encoding="utf-8") as f:
        check(f.read() == before, "properties Blender cannot hold: level -> Blender -> level, nothing edited: the same bytes")
    with open(out, encoding="utf-8") as f:
        result = json.load(f)
    seen = set()
    for obj in result["objects"]:
        key = (obj["kind"], obj["id"])
        seen.add(key)
        want = expected.get(key)
        # JSON tells 1 from 1.0 from true: the same text is the same names, values and types.
        check(json.dumps(obj["properties"], sort_keys=True) == json.dumps(want, sort_keys=True),
              "%s %s: its custom properties in Blender are exactly the level's" % key, expected=want, found=obj["properties"])
        native = sorted("rf_" + n for n, v in (want or {}).items() if held_by_blender(n, v))
        check(obj["native"] == native, "%s %s: rf_NAME for what Blender holds, text for the rest" % key,
              expected=native, found=obj["native"])
        as_text = {n: v for n, v in (want or {}).items() if not held_by_blender(n, v)}
        check((json.loads(obj["text"]) if obj["text"] else {}) == as_text,
              "%s %s: railforge_properties_text holds what Blender cannot" % key, expected=as_text, found=obj["text"])
    check(seen == set(expected), "every object imported", expected=sorted(expected), found=sorted(seen))
    summary = result["summary"]
    count = sum(not held_by_blender(n, v) for props in expected.values() for n, v in props.items())
    check("%d properties Blender cannot hold kept as text in railforge_properties_text" % count in summary and
          "rail main: seed (integer beyond 32 bits)" in summary and
          "rail main: a_rail_property_named_with_far_more_than_the_sixty_three_bytes_blender_holds (name over 63 bytes)"
          in summary, "the import's summary names the properties kept as text", found=summary)


def check_failed_import(good, broken, n, what):
    """An import of `broken` that fails midway (at its rail n when n > 0) leaves the scene as it was:
    into the factory scene with the operator, which reports the error, and scripted into a scene
    holding `good`, where it raises ImportFailed naming the rail."""
    out = os.path.join(work, "failed.json")
    if not run_blender("fail", addon_parent, good, broken, str(n), out, home=work):
        return
    with open(out, encoding="utf-8") as f:
        result = json.load(f)
    error = result.get("operator_error") or ""
    check(result["operator"] == ["CANCELLED"] and "rail branch" in error and "nothing was imported" in error,
          "%s: the operator reports the error and what failed" % what, found=result)
    for scene, message in (("fresh", "the factory scene"), ("imported", "a scene holding an earlier import")):
        before, after = result[scene]
        check(before == after, "%s, into %s: the scene is exactly as it was" % (what, message),
              expected=json.dumps(before), found=json.dumps(after))
    check("main" in result["imported"][0]["objects"], "%s: the earlier import was there" % what)
    error = result["scripted_error"] or ""
    check("rail branch" in error and "nothing was imported" in error, "%s: scripted, ImportFailed says what failed" % what,
          found=result["scripted_error"])


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

# Untouched, every level with rails comes back byte for byte: copies in a project of their own, laid
# out as in the repository, so their references resolve as they do here.
tree = os.path.join(work, "tree")
for folder in ("resources/levels", "tests/data/levels"):
    shutil.copytree(os.path.join(source, folder), os.path.join(tree, folder))
open(os.path.join(tree, "railforge-project.yaml"), "w").close()
identical = 0
for level in levels:
    name = os.path.relpath(level, source)
    copy = os.path.join(tree, name)
    run = subprocess.run([cli, "export", copy, "-o", os.path.join(work, "level.json")], capture_output=True, text=True)
    if run.returncode != 0 or not json.load(open(os.path.join(work, "level.json")))["rails"]:
        continue
    with open(copy, newline="") as f:
        before = f.read()
    if run_blender("roundtrip", addon_parent, copy, "none", home=work):
        with open(copy, newline="") as f:
            check(f.read() == before, "%s: level -> Blender -> level, nothing edited: the same bytes" % name)
        identical += 1
check(identical >= 6, "at least six levels round-tripped untouched (%d)" % identical)

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

properties_level = os.path.join(work, "properties.yaml")
with open(properties_level, "w", encoding="utf-8") as f:
    f.write(PROPERTIES_LEVEL)
check_properties(properties_level)

# A failed import: an export edited by hand whose second rail has a knot of two coordinates (Blender
# refuses it as the rail is built), and the level itself with its second rail made to raise.
with open(os.path.join(work, "properties.json"), encoding="utf-8") as f:
    broken = json.load(f)
broken["rails"][1]["bezier"][1][0] = broken["rails"][1]["bezier"][1][0][:2]
broken_path = os.path.join(work, "broken.json")
with open(broken_path, "w", encoding="utf-8") as f:
    json.dump(broken, f)
check_failed_import(properties_level, broken_path, 0, "an export whose second rail is broken")
check_failed_import(properties_level, properties_level, 2, "a level whose second rail raises")
finish()
