#!/usr/bin/env python3
"""`validate` warns of the forces a rail with a speed channel puts on its rider (docs/design.md "Ride
forces"): vertical g outside [-1, 5] and lateral g over 1.5, by stretch, at the place. Checked against
`profile`'s own forces at the channel's speed, then made to go away the way a designer would: a crest
too sharp at 15 m/s by `fit-heights` (its design speed the channel's), a flat circle too tight at 12 m/s
by `bank`.
Usage: test_ride_forces_cli.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
QUARRY = os.path.join(source, "tests", "data", "levels", "quarry")


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)


def forces(level, rail):
    r = run("profile", level, "--rail", rail, "--spacing", "0.25")
    return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(r.stdout))]


with tempfile.TemporaryDirectory() as tmp:
    shutil.copy(os.path.join(QUARRY, "quarry.obj"), tmp)
    text = open(os.path.join(QUARRY, "quarry.yaml")).read()
    # The rail under the deck ridden at 15 m/s as drawn: its crests lift the rider out of the seat.
    text = text.replace("    points: [[10, 0, 1.5], [35, 0, 1.5]",
                        "    channels:\n      speed: {type: float, keys: [{point: 0, value: 15}]}\n"
                        "    points: [[10, 0, 1.5], [35, 0, 1.5]")
    level = os.path.join(tmp, "speedy.yaml")
    open(level, "w").write(text)
    said = run("validate", level)
    lines = [l for l in (said.stdout + said.stderr).splitlines() if "rail 'under' lifts the rider" in l]
    check(said.returncode == 0 and len(lines) >= 1, "validate warns of the crests at the channel's speed",
          found=said.stdout + said.stderr)
    rows = forces(level, "under")
    least = min(r["vertical_g"] for r in rows)
    check(least < -1, "profile agrees: the rider is lifted past -1 g", found=least)
    for line in lines:
        m = re.search(r"lifts the rider at (-?[\d.]+) g at s ([\d.]+) to ([\d.]+)", line)
        check(m is not None, "the warning says how much and where: " + line)
        if m:
            worst, a, b = float(m.group(1)), float(m.group(2)), float(m.group(3))
            inside = [r["vertical_g"] for r in rows if a - 0.3 <= r["s"] <= b + 0.3]
            check(inside and abs(min(inside) - worst) < 0.02, "the worst of its stretch, as profile reads it",
                  expected=worst, found=min(inside) if inside else None)
    check(":21:9: warning:" in said.stdout + said.stderr or ":21:" in said.stdout + said.stderr,
          "at the rail's line in the file", found=said.stdout + said.stderr)

    # Fitted with the channel's speed as its design speed: no force warning is left on it.
    fitted = os.path.join(tmp, "fitted.yaml")
    r = run("fit-heights", level, "--rail", "under", "--clearance", "1.5", "--max-grade", "20", "-o", fitted)
    check(r.returncode == 0 and "at 15 m/s" in r.stderr, "fit-heights takes the channel's fastest as its speed",
          found=r.stderr)
    after = run("validate", fitted)
    check("rail 'under'" not in after.stdout + after.stderr, "the fitted rail draws no force warning",
          found=after.stdout + after.stderr)

    # A flat circle of radius 8 at 12 m/s pushes 1.8 g sideways; banked for its speed, none.
    turn = os.path.join(tmp, "turn.yaml")
    points = ", ".join("[%.6f, %.6f, 0]" % (8 * math.cos(k * math.pi / 12), 8 * math.sin(k * math.pi / 12))
                       for k in range(24))
    with open(turn, "w") as f:
        f.write("railforge: 1\nlevel: {name: Turn, units: m}\nrails:\n  - id: turn\n    closed: true\n"
                "    spline: {type: catmull-rom, alpha: 0.5}\n    frame: upright\n"
                "    channels:\n      speed: {type: float, keys: [{point: 0, value: 12}]}\n"
                "    points: [%s]\n" % points)
    said = run("validate", turn)
    check("rail 'turn' pushes the rider" in said.stdout + said.stderr and "g sideways" in said.stdout + said.stderr,
          "a flat turn too tight for its speed is said", found=said.stdout + said.stderr)
    banked = os.path.join(tmp, "banked.yaml")
    r = run("bank", turn, "--rail", "turn", "--max-bank", "80", "--max-roll-rate", "90", "-o", banked)
    check(r.returncode == 0, "bank writes", found=r.stderr)
    said = run("validate", banked)
    check("sideways" not in said.stdout + said.stderr, "banked for its speed, no sideways warning",
          found=said.stdout + said.stderr)

finish()
