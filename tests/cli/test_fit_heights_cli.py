#!/usr/bin/env python3
"""`railforge-cli fit-heights` on the mine-cart level (a valley, a ravine and a bridge deck at 12 over
it, tests/data/levels/mine), checked with the CLI's own independent answers: `sample` reads the fitted
rail every 0.25 m and `ground` gives the highest surface under each sample, so the clearance, the
pitch (from the sampled tangents) and the distance above the lowest profile are checked without the
fit's code; then kept ends, the junction the branch hangs on, and the errors (exit 2 and 3).
Usage: test_fit_heights_cli.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import math
import os
import shutil
import subprocess
import sys
import tempfile

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
MINE = os.path.join(source, "tests", "data", "levels", "mine")


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=300)


def samples(level, rail):
    r = run("sample", level, "--rail", rail, "--spacing", "0.25")
    return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(r.stdout))]


def ground_under(level, points, folder):
    path = os.path.join(folder, "queries.csv")
    with open(path, "w") as f:
        f.write("x,y\n" + "".join("%r,%r\n" % (p["x"], p["y"]) for p in points))
    r = run("ground", level, "--in", path)
    return [float(row["z"]) if row["z"] else None for row in csv.DictReader(io.StringIO(r.stdout))]


with tempfile.TemporaryDirectory() as tmp:
    for name in ("mine.yaml", "terrain.obj"):
        shutil.copy(os.path.join(MINE, name), tmp)
    level = os.path.join(tmp, "mine.yaml")
    out = os.path.join(tmp, "fitted.yaml")
    grade, clearance, tolerance = 6.0, 1.0, 0.25
    r = run("fit-heights", level, "--rail", "main", "--clearance", "1", "--max-grade", "6", "-o", out)
    check(r.returncode == 0, "fit-heights exits 0: " + r.stderr)
    check(r.stderr.startswith(level + ": rail 'main': fitted heights: ")
          and "; clearance 1." in r.stderr and "steepest" in r.stderr, "says what it did: " + r.stderr)

    before = samples(level, "main")
    after = samples(out, "main")
    under = ground_under(out, after, tmp)
    margins = [p["z"] - g - clearance for p, g in zip(after, under) if g is not None]
    check(len(margins) > 500 and min(margins) >= -1e-6, "clearance >= 1 every 0.25 m: %g" % min(margins))
    pitches = [math.degrees(math.atan2(abs(p["tz"]), math.hypot(p["tx"], p["ty"]))) for p in after]
    check(max(pitches) <= grade + 0.01, "nowhere steeper than 6 degrees: %.4f" % max(pitches))
    check(max(pitches) > grade - 0.5, "it climbs at the grade where the deck asks it to: %.3f" % max(pitches))

    # z* by brute force over the original plan path, every 0.05 m: the lowest profile the fit follows.
    fine = [row for row in csv.DictReader(io.StringIO(run("sample", level, "--rail", "main", "--spacing", "0.05").stdout))]
    fine = [{k: float(v) for k, v in row.items()} for row in fine]
    plan, s = [], 0.0
    for i, p in enumerate(fine):
        if i:
            s += math.hypot(p["x"] - fine[i - 1]["x"], p["y"] - fine[i - 1]["y"])
        plan.append(s)
    floors = [g + clearance for g in ground_under(level, fine, tmp)]
    slope = math.tan(math.radians(grade))
    worst_below = worst_above = worst_moved = -1e9
    for p in after[::4]:
        near = min(range(len(fine)), key=lambda i: math.hypot(p["x"] - fine[i]["x"], p["y"] - fine[i]["y"]))
        worst_moved = max(worst_moved, math.hypot(p["x"] - fine[near]["x"], p["y"] - fine[near]["y"]))
        lowest = max(f - slope * abs(plan[near] - plan[j]) for j, f in enumerate(floors))
        worst_below = max(worst_below, lowest - p["z"])
        worst_above = max(worst_above, p["z"] - lowest)
    check(worst_below <= 1e-6, "never below the lowest profile: %g" % worst_below)
    check(worst_above <= tolerance, "within the tolerance above it: %g" % worst_above)
    check(worst_moved < tolerance, "the plan path stays: moved %g" % worst_moved)

    # The branch still hangs on its junction: the level validates, its first point on the trunk.
    r = run("validate", out)
    check(r.returncode == 0 and "ok:" in r.stdout, "the fitted level validates: " + r.stdout + r.stderr)
    branch = samples(out, "branch")[0]
    check(min(math.dist((branch["x"], branch["y"], branch["z"]), (p["x"], p["y"], p["z"])) for p in after) < 0.15,
          "the branch's start followed the trunk's new height")

    # Kept ends: the first point at 1.5 cannot reach the deck at 6 degrees; at 12 degrees it can.
    r = run("fit-heights", level, "--rail", "main", "--clearance", "1", "--max-grade", "6", "--keep-ends", "-o", out)
    check(r.returncode == 3 and "the first point (z 1.5) is below the lowest height" in r.stderr,
          "kept ends that cannot be kept: exit 3 and why: " + r.stderr)
    r = run("fit-heights", level, "--rail", "main", "--clearance", "1", "--max-grade", "14", "--keep-ends", "-o", out)
    check(r.returncode == 0, "kept ends at 14 degrees: " + r.stderr)
    kept = samples(out, "main")
    check(abs(kept[0]["z"] - before[0]["z"]) < 1e-9 and abs(kept[-1]["z"] - before[-1]["z"]) < 1e-9,
          "the ends keep their heights")

    # Errors: a missing option is a usage error; a level without ground and a rail that is not there are exit 3.
    r = run("fit-heights", level, "--rail", "main", "--clearance", "1", "-o", out)
    check(r.returncode == 2 and "--max-grade" in r.stderr, "no --max-grade: exit 2: " + r.stderr)
    r = run("fit-heights", level, "--rail", "main", "--clearance", "1", "--max-grade", "95", "-o", out)
    check(r.returncode == 2 and "max-grade" in r.stderr, "a grade of 95: exit 2: " + r.stderr)
    bare = os.path.join(tmp, "bare.yaml")
    with open(bare, "w") as f:
        f.write("railforge: 1\nlevel: {name: Bare, units: m}\nrails:\n  - id: r\n    points: [[0, 0, 0], [10, 0, 0]]\n")
    r = run("fit-heights", bare, "--rail", "r", "--clearance", "1", "--max-grade", "6", "-o", out)
    check(r.returncode == 3 and "has no ground" in r.stderr, "no ground: exit 3: " + r.stderr)
    r = run("fit-heights", level, "--rail", "nope", "--clearance", "1", "--max-grade", "6", "-o", out)
    check(r.returncode == 3 and "nope" in r.stderr, "no such rail: exit 3: " + r.stderr)

finish()
