#!/usr/bin/env python3
"""`railforge-cli apply-curves --base` without Blender (docs/blender.md "Three-way"): curves as the
add-on writes them (version 2, single precision), merged against the level as it was imported:
- a teammate's change on disk since the import survives an export from an old scene, the artist's
  edit lands, spline types stay;
- the same point moved on disk and in Blender: a conflict, named, nothing written (exit 1), and with
  --markers git's markers around the rail;
- identity: a copy (Shift+D: same railforge_id) becomes a new rail, a renamed object renames its rail
  with its junctions, a curve gone from the scene deletes its rail, each said;
- a subdivided Catmull-Rom rail keeps every point's channel keys on that point, and becomes Bezier
  (said) where Catmull-Rom through the new point would leave Blender's curve; a Poly spline is a
  linear rail; a scaled linear rail stays linear; 10 degrees of tilt in float32 is written 10;
- without --base: today's behaviour, with a warning.
Usage: test_apply_curves_threeway.py RAILFORGE_CLI SOURCE_DIR"""
import copy
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp(prefix="railforge-threeway-")


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def v32(v):
    return [f32(x) for x in v]


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)


def read(path):
    with open(path) as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def curves_of(level):
    """The curves the add-on writes for a level imported and left alone (tilts as float32 radians)."""
    out = os.path.join(work, "export.json")
    check(run("export", level, "-o", out).returncode == 0, "export " + level)
    data = json.loads(read(out))
    curves = []
    for rail in data["rails"]:
        tilts = rail.get("tilt") or [0] * len(rail["bezier"])
        curves.append({"id": rail["id"], "name": rail["id"], "imported_name": rail["id"], "spline_index": 0,
                       "spline_type": "BEZIER", "closed": rail["closed"], "frame": rail.get("frame", "minimal-twist"),
                       "points": [{"co": v32(k[0]), "left": v32(k[1]), "right": v32(k[2]), "left_type": "FREE",
                                   "right_type": "FREE", "tilt": math.degrees(f32(math.radians(t)))}
                                  for k, t in zip(rail["bezier"], tilts)]})
    return curves


def curves_file(curves, scene=None):
    path = os.path.join(work, "curves.json")
    ids = scene if scene is not None else sorted({c["id"] for c in curves})
    with open(path, "w") as f:
        json.dump({"format": "railforge-curves", "version": 2, "scene_rails": ids, "curves": curves}, f)
    return path


def move(curve, index, dz):
    for key in ("co", "left", "right"):
        curve["points"][index][key] = v32([curve["points"][index][key][0], curve["points"][index][key][1],
                                           curve["points"][index][key][2] + dz])


def by_id(curves, ident):
    return next(c for c in curves if c["id"] == ident)


def rail_text(text, ident):
    start = text.find("  - id: " + ident + "\n")
    end = text.find("\n  - id:", start + 1)
    return text[start:end if end > 0 else len(text)]


def setup(level_file, name):
    """BASE (as imported) and the level on disk, both copies of `level_file`."""
    base, disk = os.path.join(work, name + ".base.yaml"), os.path.join(work, name + ".yaml")
    shutil.copy(os.path.join(source, level_file), base)
    shutil.copy(os.path.join(source, level_file), disk)
    return base, disk


def apply(disk, curves, base=None, scene=None, *extra):
    args = ["apply-curves", disk, "--from", curves_file(curves, scene), "-o", disk]
    if base:
        args += ["--base", base]
    report = os.path.join(work, "report.json")
    if os.path.exists(report):
        os.remove(report)
    r = run(*args, "--report", report, *extra)
    return r, json.loads(read(report)) if os.path.exists(report) else None


# A stale scene after a teammate's change: the teammate moved crane_track on disk; the artist, whose
# scene still has the old crane_track, moves a zipline point. Both land; nothing becomes Bezier.
base, disk = setup("resources/levels/demo.yaml", "stale")
blender = curves_of(base)
teammate = copy.deepcopy(blender)
move(by_id(teammate, "crane_track"), 1, 2.0)
r, _ = apply(disk, [by_id(teammate, "crane_track")])  # the teammate's own edit, written without a base
check(r.returncode == 0, "the teammate's edit is written", found=r.stderr)
teammate_text = read(disk)
move(by_id(blender, "zipline"), 1, 1.0)
r, report = apply(disk, blender, base)
after = read(disk)
check(r.returncode == 0, "three-way: written", found=r.stderr)
check(rail_text(after, "crane_track") == rail_text(teammate_text, "crane_track"),
      "the teammate's move survives an export from the old scene", found=rail_text(after, "crane_track"))
check(rail_text(after, "zipline") != rail_text(teammate_text, "zipline") and "catmull-rom" in rail_text(after, "zipline"),
      "the artist's move lands and the rail stays Catmull-Rom", found=rail_text(after, "zipline"))
check(report["changed"] == ["zipline"] and report["changed_on_disk"] == ["crane_track"],
      "the report names Blender's change and the disk's", found=report)
check("changed in the level since the import, kept: 'crane_track'" in r.stderr, "the summary says what was kept",
      found=r.stderr)
lines = [(a, b) for a, b in zip(teammate_text.split("\n"), after.split("\n")) if a != b]
check(len(teammate_text.split("\n")) == len(after.split("\n")) and len(lines) == 1, "one line changed", found=lines)
r, _ = apply(disk, curves_of(base))
check("no --base" in r.stderr, "without --base: a warning that an older shape overwrites", found=r.stderr)

# The same point moved on disk and in Blender: a conflict.
base, disk = setup("resources/levels/demo.yaml", "conflict")
teammate = curves_of(base)
move(by_id(teammate, "zipline"), 1, 2.0)
apply(disk, [by_id(teammate, "zipline")])
before = read(disk)
blender = curves_of(base)
move(by_id(blender, "zipline"), 1, -3.0)
r, report = apply(disk, blender, base)
check(r.returncode == 1 and read(disk) == before, "a conflict: exit 1, nothing written", found=r.stderr)
check("conflict: rail 'zipline'" in r.stderr and "the level moves point 1" in r.stderr and "Blender" in r.stderr,
      "the conflict names the rail, the point and both sides", found=r.stderr)
check(report["conflicts"] and not report["written"], "the report lists it", found=report)
r, _ = apply(disk, blender, base, None, "--markers")
marked = read(disk)
check(r.returncode == 1 and "<<<<<<<" in marked and ">>>>>>>" in marked, "--markers writes git's markers",
      found=r.stderr + marked[:200])

# Identity: Shift+D, a rename, a deletion.
base, disk = setup("tests/data/levels/network.yaml", "identity")
blender = curves_of(base)
ids = [c["id"] for c in blender]
first, second, third = ids[0], ids[1], ids[2]
copy_curve = copy.deepcopy(by_id(blender, first))
copy_curve["name"] = first + ".001"
move(copy_curve, 0, 5.0)
blender.append(copy_curve)
by_id(blender, second)["name"] = "renamed_" + second
blender = [c for c in blender if c["id"] != third]
scene = sorted({c["id"] for c in blender})
r, report = apply(disk, blender, base, scene)
after = read(disk)
v = run("validate", disk)
check(r.returncode == 0 and v.returncode == 0, "identity edits: written, the level validates", found=r.stderr + v.stderr)
check("- id: %s.001\n" % first in after and "- id: %s\n" % first in after,
      "a copy with the same railforge_id becomes a second rail", found=r.stderr)
check("- id: renamed_%s\n" % second in after and "- id: %s\n" % second not in after
      and ("rail: renamed_%s" % second in after or "rail: %s" % second not in after),
      "a renamed object renames its rail and what names it", found=r.stderr)
check("- id: %s\n" % third not in after and "deleted '%s'" % third in r.stderr,
      "a curve gone from the scene deletes its rail, said", found=r.stderr)
check(report["targets"][-1]["rail"] == first + ".001" and report["targets"][-1]["new"],
      "the report gives the copy's new id", found=report["targets"])

# Subdivide a keyed Catmull-Rom rail (the coaster): Blender splits segment 2 at its middle.
base, disk = setup("resources/levels/coaster.yaml", "subdivide")
blender = curves_of(base)
coaster = by_id(blender, "coaster")
a, b = coaster["points"][2], coaster["points"][3]
p0, p1, p2, p3 = a["co"], a["right"], b["left"], b["co"]
mid = lambda u, w: [(x + y) / 2 for x, y in zip(u, w)]
q0, q1, q2 = mid(p0, p1), mid(p1, p2), mid(p2, p3)
r0, r1 = mid(q0, q1), mid(q1, q2)
s = mid(r0, r1)
a["right"], b["left"] = v32(q0), v32(q2)
coaster["points"].insert(3, {"co": v32(s), "left": v32(r0), "right": v32(r1), "left_type": "FREE", "right_type": "FREE",
                             "tilt": (a["tilt"] + b["tilt"]) / 2})
r, report = apply(disk, blender, base)
after = rail_text(read(disk), "coaster")
check(r.returncode == 0, "subdivide: written", found=r.stderr)
check("{point: 1, value: 4}, {point: 4, value: 4}, {point: 5, value: 18}, {point: 10, value: 9}" in after,
      "subdivide: the speed keys stay on their points", found=after)
base_tilts = re.search(r"tilt: \[([^\]]*)\]", rail_text(read(base), "coaster"))
new_tilts = re.search(r"tilt: \[([^\]]*)\]", after)
if base_tilts and new_tilts:
    old, new = base_tilts.group(1).split(", "), new_tilts.group(1).split(", ")
    check(new[:3] == old[:3] and new[4:] == old[3:], "subdivide: every tilt unchanged", found=(old, new))
note = [n for n in report["notes"] if n["rail"] == "coaster"]
print("subdivide:", note, re.search(r"spline: \{[^}]*\}", after).group(0))
check(("type: bezier" in after and note and "became Bezier" in note[0]["text"]) or "catmull-rom" in after,
      "subdivide: Catmull-Rom only where it keeps Blender's shape, else Bezier and said", found=(note, after[:300]))

# A Poly curve: a linear rail. A linear rail scaled: still linear. A tilt of 10 degrees: 10.
base, disk = setup("tests/data/levels/engine.yaml", "poly")
blender = curves_of(base)
poly = {"id": "fence2", "name": "fence2", "imported_name": "", "spline_index": 0, "spline_type": "POLY",
        "closed": False, "frame": "upright", "points": []}
for i, p in enumerate([[0, 0, 0], [4, 0, 0], [4, 6, 1]]):
    poly["points"].append({"co": p, "left": p, "right": p, "left_type": "VECTOR", "right_type": "VECTOR",
                           "tilt": math.degrees(f32(math.radians(10.0)))})
blender.append(poly)
r, _ = apply(disk, blender, base)
fence = rail_text(read(disk), "fence2")
check(r.returncode == 0 and "type: linear" in fence, "a Poly spline becomes a linear rail", found=r.stderr + fence)
check(fence.count("tilt: 10}") == 3, "10 degrees of tilt in float32 is written 10", found=fence)

# A level saved with CRLF line endings keeps them; one with a byte-order mark, untouched, keeps its bytes.
base, disk = setup("resources/levels/demo.yaml", "crlf")
for path in (base, disk):
    with open(path, newline="") as f:
        text = f.read()
    with open(path, "w", newline="") as f:
        f.write(text.replace("\n", "\r\n"))
blender = curves_of(base)
move(by_id(blender, "zipline"), 1, 1.0)
r, _ = apply(disk, blender, base)
with open(disk, newline="") as f:
    text = f.read()
check(r.returncode == 0 and text.count("\n") == text.count("\r\n") and text.count("\n") > 50,
      "CRLF kept throughout", found=r.stderr)
base, disk = setup("tests/data/levels/bom.yaml", "bom")
r, _ = apply(disk, curves_of(base), base)
check(r.returncode == 0 and open(disk, "rb").read() == open(base, "rb").read(), "a BOM level untouched: the same bytes",
      found=r.stderr)

# A linear rail scaled (object scale 1.5 about the origin): its handles scale with it, still straight.
base, disk = setup("tests/data/levels/engine.yaml", "scaled")
blender = curves_of(base)
track = by_id(blender, "linear_track")
for p in track["points"]:
    for key in ("co", "left", "right"):
        p[key] = v32([x * 1.5 for x in p[key]])
r, report = apply(disk, blender, base)
after = rail_text(read(disk), "linear_track")
check(r.returncode == 0 and "type: linear" in after and report["changed"] == ["linear_track"],
      "a scaled linear rail stays linear", found=r.stderr + after)
points = re.search(r"points: (.*)", after).group(1)
check("e-0" not in points and "99999" not in points and "00001" not in points, "its points are clean numbers",
      found=points)
finish()
