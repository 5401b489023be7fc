#!/usr/bin/env python3
"""`railforge-cli profile` and `bank` against closed forms, as docs/design.md "Ride forces" defines them:
a straight ramp (pitch 11.31 degrees, curvature 0, vertical_g = cos pitch, lateral_g 0 at any speed);
a horizontal circle of radius 50 m at 20 m/s (|lateral_g| 0.815, vertical_g 1) and the same circle
banked by `bank --speed 20` (tilt 39.2 degrees into the turn, |lateral_g| < 0.03, vertical_g 1.29);
an upright rail that climbs and turns with no tilt (bank 0 everywhere); a patrol's pitch; usage and
input errors. Levels that name no frame mode export byte for byte as before frame modes existed
(tests/data/exports, written by the build before them).
Usage: test_profile_cli.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import json
import math
import os
import subprocess
import sys
import tempfile

from checklist import check, finish
from cli_levels import circle_level

cli, source = sys.argv[1], sys.argv[2]


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)


def rows(result):
    return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(result.stdout))]


with tempfile.TemporaryDirectory() as tmp:
    ramp = os.path.join(tmp, "ramp.yaml")
    with open(ramp, "w") as f:
        f.write("railforge: 1\nlevel: {name: Ramp, units: m}\nrails:\n  - id: ramp\n    spline: {type: linear}\n"
                "    frame: upright\n    points: [[0, 0, 0], [100, 0, 20]]\n")
    for speed in ("1", "25"):
        r = run("profile", ramp, "--rail", "ramp", "--spacing", "10", "--speed", speed)
        data = rows(r)
        check(r.returncode == 0 and len(data) == 12, "ramp profile at %s m/s: 12 rows" % speed)
        check(all(abs(d["pitch"] - 11.309932474) < 1e-6 for d in data), "ramp: pitch 11.31 everywhere")
        check(all(d["curvature"] == 0 for d in data), "ramp: curvature 0")
        check(all(abs(d["vertical_g"] - math.cos(math.atan2(20, 100))) < 1e-9 and d["lateral_g"] == 0 for d in data),
              "ramp at %s m/s: vertical_g 0.981, lateral_g 0" % speed)

    circle = os.path.join(tmp, "circle.yaml")
    circle_level(circle)
    data = rows(run("profile", circle, "--rail", "loop", "--spacing", "2", "--speed", "20"))
    check(all(abs(abs(d["lateral_g"]) - 0.8155) < 0.02 * 0.815 for d in data), "circle at 20 m/s: |lateral_g| 0.815")
    check(all(abs(d["vertical_g"] - 1) < 0.02 for d in data), "circle at 20 m/s: vertical_g 1")
    banked = os.path.join(tmp, "banked.yaml")
    r = run("bank", circle, "--rail", "loop", "--speed", "20", "-o", banked)
    check(r.returncode == 0, "bank --speed 20 writes the level: " + r.stderr)
    lev = subprocess.run([cli, "validate", banked], capture_output=True, text=True)
    check(lev.returncode == 0, "the banked level is valid")
    import yaml
    with open(banked) as f:
        doc = yaml.safe_load(f)
    tilts = [p["tilt"] for p in doc["rails"][0]["points"]]
    check(all(abs(abs(t) - 39.2) < 1 for t in tilts), "every point is tilted 39.2 degrees: %s" % tilts[:3])
    check(all(t < 0 for t in tilts), "leaning into the (left) turn: negative tilt, right-handed about the tangent")
    data = rows(run("profile", banked, "--rail", "loop", "--spacing", "2", "--speed", "20"))
    check(all(abs(d["lateral_g"]) < 0.03 for d in data), "banked: |lateral_g| < 0.03 all round")
    check(all(abs(d["vertical_g"] - 1.29) < 0.02 * 1.29 for d in data), "banked: vertical_g 1.29 all round")
    capped = os.path.join(tmp, "capped.yaml")
    run("bank", circle, "--rail", "loop", "--speed", "20", "--max-bank", "15", "-o", capped)
    with open(capped) as f:
        check(all(abs(p["tilt"]) <= 15 + 1e-9 for p in yaml.safe_load(f)["rails"][0]["points"]), "--max-bank caps it")

    # Upright with no tilt: bank 0 however the rail climbs and turns.
    climb = os.path.join(tmp, "climb.yaml")
    with open(climb, "w") as f:
        f.write("railforge: 1\nrails:\n  - id: c\n    frame: upright\n    spline: {type: catmull-rom, alpha: 0.5}\n"
                "    points: [[0, 0, 0], [20, 5, 6], [30, 25, 14], [10, 40, 20], [-10, 30, 24]]\n")
    data = rows(run("profile", climb, "--rail", "c", "--spacing", "0.5"))
    check(data and all(abs(d["bank"]) < 1e-6 for d in data), "upright, tilt 0: bank 0 along a climbing turn")
    # The same rail without a frame mode keeps the old frames: it banks as it climbs and turns.
    with open(climb) as f:
        text = f.read()
    twist = os.path.join(tmp, "twist.yaml")
    with open(twist, "w") as f:
        f.write(text.replace("    frame: upright\n", ""))
    data = rows(run("profile", twist, "--rail", "c", "--spacing", "0.5"))
    check(max(abs(d["bank"]) for d in data) > 1, "no frame named: minimal twist, whose bank drifts as it turns")

    # JSON, a patrol, errors.
    r = run("profile", ramp, "--rail", "ramp", "--spacing", "50", "--json")
    parsed = json.loads(r.stdout)
    check(parsed["columns"][:5] == ["s", "x", "y", "z", "pitch"] and len(parsed["rows"]) == 4, "--json")
    level = os.path.join(source, "resources/levels/demo.yaml")
    r = run("profile", level, "--patrol", "guard_loop", "--spacing", "1")
    check(r.returncode == 0 and r.stdout.startswith("s,x,y,z,pitch\n"), "a patrol's profile: s,x,y,z,pitch")
    check(run("profile", ramp, "--rail", "nope", "--spacing", "1").returncode == 3, "an unknown rail: exit 3")
    check(run("profile", ramp, "--rail", "ramp", "--spacing", "0").returncode == 2, "spacing 0: exit 2")
    check(run("profile", ramp, "--rail", "ramp", "--spacing", "1", "--speed", "-3").returncode == 2, "speed -3: exit 2")
    check(run("profile", ramp, "--spacing", "1").returncode == 2, "no --rail or --patrol: exit 2")
    check(run("bank", ramp, "--rail", "ramp", "--speed", "abc", "-o", banked).returncode == 2, "bank --speed abc: exit 2")

    # Levels that name no frame mode export exactly as before.
    for name in ("demo", "banked"):
        out = os.path.join(tmp, name + ".json")
        run("export", os.path.join(source, "resources/levels/%s.yaml" % name), "-o", out)
        with open(out, "rb") as a, open(os.path.join(source, "tests/data/exports/%s.export.json" % name), "rb") as b:
            check(a.read() == b.read(), "%s exports byte for byte as before frame modes" % name)
finish()
