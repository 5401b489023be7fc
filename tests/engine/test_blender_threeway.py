#!/usr/bin/env python3
"""The three-way round trip inside the real Blender (headless, Debian's `blender`), with the add-on in
resources/dcc/blender (docs/blender.md "Three-way"), each case as an artist works:
- a stale .blend after a teammate's change: import, save the .blend, the teammate moves two rails in
  the level, reopen the .blend, move one point, Export: the teammate's moves survive, the artist's
  lands, no spline type changes, and the scene shows the level written (its next base);
- the same point moved in the level and in Blender: a conflict reported, nothing written; with
  "Write conflicts with markers", git's markers;
- Set Spline Type Poly on a rail (a linear rail), a new Nurbs Path (selected: written within 1e-3 of
  Blender's evaluated curve), a new Bezier curve left in the Scene Collection (listed as not written),
  two rails joined with Ctrl+J (each spline a rail; the object joined away deleted, said);
- Shift+D (a second rail), a rename (one rail, the new id, its channels kept), a delete (rail gone,
  said);
- Subdivide on the keyed coaster: every speed key on the point it was on, tilts unchanged, the rail
  within 1e-3 of Blender's curve or reported as Bezier;
- a scaled linear rail stays linear; +10 degrees of tilt is written 10.
Usage: test_blender_threeway.py RAILFORGE_CLI SOURCE_DIR"""
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
script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "blender_threeway.py")
work = tempfile.mkdtemp(prefix="railforge-blender3-")


def read(path):
    with open(path) as f:
        return f.read()


def blender_run(name, **plan):
    plan["out"] = os.path.join(work, name + ".result.json")
    path = os.path.join(work, name + ".plan.json")
    with open(path, "w") as f:
        json.dump(plan, f)
    env = dict(os.environ, HOME=work, RAILFORGE_CLI=cli, LC_ALL="C.UTF-8")
    run = subprocess.run([blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python", script, "--",
                          addon_parent, path], capture_output=True, text=True, env=env, timeout=300)
    ok = run.returncode == 0 and "RAILFORGE-BLENDER: done" in run.stdout
    check(ok, "%s: Blender ran" % name, found=(run.stdout + run.stderr)[-3000:])
    return json.loads(read(plan["out"])) if ok else {}


def level_copy(relative, name):
    path = os.path.join(work, name + ".yaml")
    shutil.copy(os.path.join(source, relative), path)
    return path


def rail_text(text, ident):
    start = text.find("  - id: " + ident + "\n")
    if start < 0:
        return ""
    end = text.find("\n  - id:", start + 1)
    section = text.find("\npatrols:", start)
    ends = [e for e in (end, section) if e > 0]
    return text[start:min(ends) if ends else len(text)]


def move_point_in_text(text, rail, index, dz):
    """A teammate's move in their own editor: point `index` of `rail` raised by dz in the level's text."""
    section = rail_text(text, rail)
    points = re.findall(r"\[(-?[\d.]+), (-?[\d.]+), (-?[\d.]+)\]", section[section.find("points:"):])
    x, y, z = points[index]
    old = "[%s, %s, %s]" % (x, y, z)
    new = "[%s, %s, %s]" % (x, y, repr(float(z) + dz).rstrip("0").rstrip("."))
    return text.replace(section, section.replace(old, new, 1))


def validate(path):
    return subprocess.run([cli, "validate", path], capture_output=True, text=True)


def samples(level, rail):
    out = os.path.join(work, "export.json")
    subprocess.run([cli, "export", level, "-o", out], check=True, capture_output=True)
    data = json.loads(read(out))
    return next(r for r in data["rails"] if r["id"] == rail)


def polyline_distance(p, line):
    best = math.inf
    for a, b in zip(line, line[1:]):
        ab = [b[i] - a[i] for i in range(3)]
        den = sum(x * x for x in ab) or 1e-300
        t = max(0.0, min(1.0, sum((p[i] - a[i]) * ab[i] for i in range(3)) / den))
        best = min(best, math.dist(p, [a[i] + ab[i] * t for i in range(3)]))
    return best


def dense(rail):
    """Points along a rail's export knots, 64 a segment."""
    knots, out = rail["bezier"], []
    n = len(knots)
    for i in range(n if rail["closed"] else n - 1):
        p0, p1, p2, p3 = knots[i][0], knots[i][2], knots[(i + 1) % n][1], knots[(i + 1) % n][0]
        for k in range(65):
            t = k / 64
            s = 1 - t
            out.append([s ** 3 * p0[j] + 3 * s * s * t * p1[j] + 3 * s * t * t * p2[j] + t ** 3 * p3[j] for j in range(3)])
    return out


if not blender:
    check(False, "blender is installed (tools/install-deps.sh installs it)")
    finish()

# 1. A stale .blend after a teammate's change.
level = level_copy("resources/levels/demo.yaml", "stale")
blend = os.path.join(work, "stale.blend")
blender_run("stale-import", **{"import": level, "save": blend})
imported = read(level)
teammate = move_point_in_text(move_point_in_text(imported, "crane_track", 1, 2.0), "cart_loop", 0, -1.5)
with open(level, "w") as f:
    f.write(teammate)
r = blender_run("stale-export", open=blend, edits=[["move", "zipline", 1, 1.0]], export=level)
after = read(level)
check("error" not in r, "stale .blend: the export writes", found=r.get("error"))
check(rail_text(after, "crane_track") == rail_text(teammate, "crane_track")
      and rail_text(after, "cart_loop") == rail_text(teammate, "cart_loop"),
      "stale .blend: the teammate's two moves survive", found=r.get("summary"))
check(rail_text(after, "zipline") != rail_text(teammate, "zipline"), "stale .blend: the artist's move lands")
check(after.count("catmull-rom") == teammate.count("catmull-rom") and "bezier" not in after,
      "stale .blend: no spline type changes", found=r.get("summary"))
diff = [(a, b) for a, b in zip(teammate.split("\n"), after.split("\n")) if a != b]
check(len(teammate.split("\n")) == len(after.split("\n")) and len(diff) == 1, "stale .blend: one line changed",
      found=diff)
check("kept: 'cart_loop', 'crane_track'" in r.get("summary", ""), "stale .blend: the summary names what it kept",
      found=r.get("summary"))
check(r.get("base") == after, "the scene's base is the level written")
crane = samples(level, "crane_track")
shown = r.get("rails", {}).get("crane_track", {}).get("knots", [])
check(len(shown) == len(crane["bezier"]) and all(math.dist(a[0], b[0]) < 1e-4 for a, b in zip(shown, crane["bezier"])),
      "the scene shows the teammate's crane_track after the export", found=shown[:2])
r = blender_run("stale-again", open=blend, edits=[], export=level)
check(read(level) == after or "error" in r, "a second export from the old .blend file changes nothing it has not seen",
      found=r.get("summary"))

# 2. The same point moved in the level and in Blender.
level = level_copy("resources/levels/demo.yaml", "conflict")
blend = os.path.join(work, "conflict.blend")
blender_run("conflict-import", **{"import": level, "save": blend})
teammate = move_point_in_text(read(level), "zipline", 1, 2.0)
with open(level, "w") as f:
    f.write(teammate)
r = blender_run("conflict-export", open=blend, edits=[["move", "zipline", 1, -3.0]], export=level)
check("conflict: rail 'zipline'" in r.get("error", "") and read(level) == teammate,
      "the same point moved in both: a conflict named in Blender, nothing written", found=r.get("error"))
r = blender_run("conflict-markers", open=blend, edits=[["move", "zipline", 1, -3.0]], export=level, markers=True)
check("<<<<<<<" in read(level) and "conflict" in r.get("summary", ""), "with markers: git's markers written",
      found=r.get("summary"))

# 3. Poly, a new Nurbs Path, a Bezier curve outside the collection, two rails joined.
level = level_copy("resources/levels/demo.yaml", "kinds")
r = blender_run("kinds", **{"import": level, "edits": [["spline_type", "crane_track", "POLY"], ["join", "zipline", "cart_loop"],
                                                        ["add_bezier"], ["add_nurbs_path"]], "export": level})
after = read(level)
check("error" not in r and validate(level).returncode == 0, "curve kinds: written, the level validates",
      found=r.get("error"))
check("type: linear" in rail_text(after, "crane_track"), "Set Spline Type Poly: a linear rail",
      found=rail_text(after, "crane_track")[:200])
check("- id: NurbsPath\n" in after, "a new Nurbs Path (selected) is written", found=r.get("summary"))
if "- id: NurbsPath\n" in after:
    line = dense(samples(level, "NurbsPath"))
    off = max(polyline_distance(p, line) for p in r["evaluated"]["NurbsPath"])
    check(off < 1e-3, "the Nurbs Path's rail within 1e-3 of Blender's evaluated curve", found=off)
skipped = dict((name, why) for name, why in r.get("skipped", []))
check("outside the RailForge collection" in skipped.get("BezierCurve", ""),
      "a Bezier curve left in the Scene Collection is listed as not written, by name", found=r.get("skipped"))
check("- id: zipline_2\n" in after and "- id: cart_loop\n" not in after and "deleted 'cart_loop'" in r.get("summary", ""),
      "Ctrl+J: the second spline a rail of its own, the joined object's rail deleted, said", found=r.get("summary"))
check(r.get("rails", {}).get("zipline", {}).get("splines") == 1 and "zipline_2" in r.get("rails", {}),
      "after the export each rail is an object of its own", found=list(r.get("rails", {})))

# 4. Shift+D, rename, delete.
level = level_copy("resources/levels/demo.yaml", "identity")
before = read(level)
r = blender_run("identity", **{"import": level, "edits": [["duplicate", "zipline", 5.0], ["rename", "cart_loop", "cart_circuit"],
                                                           ["delete", "crane_track"]], "export": level})
after = read(level)
check("error" not in r and validate(level).returncode == 0, "identity: written, the level validates", found=r.get("error"))
check("- id: zipline\n" in after and "- id: zipline.001\n" in after, "Shift+D: a second rail with a fresh id",
      found=r.get("summary"))
renamed = rail_text(after, "cart_circuit")
check(renamed and "- id: cart_loop\n" not in after and renamed.replace("cart_circuit", "cart_loop") == rail_text(before, "cart_loop"),
      "rename: one rail, the new id, everything else kept", found=renamed[:300])
check("- id: crane_track\n" not in after and "deleted 'crane_track'" in r.get("summary", ""),
      "delete: the rail is gone, and the summary says so", found=r.get("summary"))

# 5. Subdivide the keyed coaster between points 2 and 3.
level = level_copy("resources/levels/coaster.yaml", "subdivide")
before = read(level)
r = blender_run("subdivide", **{"import": level, "edits": [["subdivide", "coaster", 2]], "export": level})
after = rail_text(read(level), "coaster")
check("error" not in r, "subdivide: written", found=r.get("error"))
check("{point: 1, value: 4}, {point: 4, value: 4}, {point: 5, value: 18}, {point: 10, value: 9}" in after,
      "subdivide: every speed key on the point it was on", found=re.findall(r"speed:.*", after))
check("{point: 1, value: chain_start}" in after, "subdivide: the event key stays too", found=re.findall(r"sounds:.*", after))
old_tilts = re.findall(r"tilt: (-?[\d.]+)", rail_text(before, "coaster"))
new_tilts = re.findall(r"tilt: (-?[\d.]+)", after)
check(old_tilts and len(new_tilts) >= len(old_tilts) and all(t in new_tilts for t in old_tilts) and
      not any("9999" in t or "0000" in t for t in new_tilts),
      "subdivide: the tilts unchanged, no float32 noise", found=(old_tilts, new_tilts))
line = dense(samples(level, "coaster"))
off = max(polyline_distance(p, line) for p in r.get("evaluated", {}).get("coaster", [[0, 0, 0]]))
notes = [n["text"] for n in (r.get("report") or {}).get("notes", []) if n["rail"] == "coaster"]
check(off < 1e-3 or any("became Bezier" in n for n in notes),
      "subdivide: within 1e-3 of Blender's curve, or reported as made Bezier", found=(off, notes))

# 6. A scaled linear rail, and +10 degrees of tilt.
level = level_copy("tests/data/levels/engine.yaml", "scaled")
r = blender_run("scaled", **{"import": level, "edits": [["scale", "linear_track", 1.5], ["tilt", "linear_closed", 1, 10.0]],
                             "export": level})
after = read(level)
check("error" not in r and "type: linear" in rail_text(after, "linear_track"), "a scaled linear rail stays linear",
      found=(r.get("summary"), rail_text(after, "linear_track")[:300]))
check("tilt: 10" in rail_text(after, "linear_closed") and "9.9999" not in after, "+10 degrees of tilt is written 10",
      found=rail_text(after, "linear_closed")[:400])
finish()
