#!/usr/bin/env python3
"""`drape` and `bank` keep the level whole, as the editor's edits do (docs/design.md "Places along rails",
"One set of rules"), on the mine-cart level (tests/data/levels/mine: a line from a valley onto a bridge
deck, a branch at a junction halfway along the deck, a speed channel and a brake event at an arc
length): what they write loads; the branch's start stays on the junction's point; the junction and
the event keep their place along main (the same stretch between the same control points); drape
beside the deck over the ravine's sheer walls stays within the grade limit and says where it lifted
the rail.
Usage: test_level_whole_cli.py RAILFORGE_CLI SOURCE_DIR"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
mine = os.path.join(source, "tests", "data", "levels", "mine")


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)


def exported(level, folder):
    out = os.path.join(folder, "export.json")
    r = run("export", level, "-o", out, "--spacing", "0.25")
    check(r.returncode == 0, "export " + level, 0, r.stderr)
    with open(out) as f:
        return json.load(f)


def rail(export, rid):
    return next(r for r in export["rails"] if r["id"] == rid)


def linked_ends_on_junctions(export, what):
    for j in export.get("junctions", []):
        for way in j["ways"]:
            if way["rail"] == j["at"]["rail"]:
                continue
            rows = rail(export, way["rail"])["samples"]
            row = rows[0] if way["s"] == 0 else rows[-1]
            gap = math.hypot(row[1] - j["position"][0], row[2] - j["position"][1])
            check(gap <= 1e-6, what + ": rail %s's end is on junction %s (%.2g apart)" % (way["rail"], j["id"], gap))


with tempfile.TemporaryDirectory() as tmp:
    for name in ("mine.yaml", "terrain.obj"):
        shutil.copy(os.path.join(mine, name), tmp)
    level = os.path.join(tmp, "mine.yaml")
    before = exported(level, tmp)

    # Drape main onto the deck (following the ground), as case 2 of the issue did.
    draped = os.path.join(tmp, "draped.yaml")
    r = run("drape", level, "--rail", "main", "--clearance", "1.5", "--follow", "0.25", "-o", draped)
    check(r.returncode == 0, "drape --follow exits 0", 0, r.stderr)
    v = run("validate", draped)
    check(v.returncode == 0 and "error" not in v.stderr, "the draped level loads with no error", 0, v.stderr)
    after = exported(draped, tmp)
    linked_ends_on_junctions(after, "after drape")
    fork = after["junctions"][0]
    check(116 < fork["position"][0] < 120 and abs(fork["position"][1]) < 0.2,
          "the junction stays on the deck between main's points 4 and 5 (x 116..120)", "x ~116.4", fork["position"])
    check(abs(fork["position"][2] - (12 + 1.5)) < 0.05, "the junction is at the draped height (deck 12 + 1.5)",
          13.5, fork["position"][2])

    # Bank the branch: it loads, its start stays on the junction.
    banked = os.path.join(tmp, "banked.yaml")
    r = run("bank", draped, "--rail", "branch", "--speed", "8", "--max-bank", "30", "-o", banked)
    check(r.returncode == 0, "bank exits 0", 0, r.stderr)
    v = run("validate", banked)
    check(v.returncode == 0, "the banked level loads", 0, v.stderr)
    # Case 3: the branch's linked start takes main's tilt there: no tilt jump at the junction.
    check("tilt jump" not in v.stderr, "no tilt jump is left at the junction", None, v.stderr)
    unbanked = run("validate", draped).stderr
    check("tilt jump" not in unbanked, "(nor was there one before)", None, unbanked)
    linked_ends_on_junctions(exported(banked, tmp), "after bank")

    # The untouched file: main's junction and event as written.
    linked_ends_on_junctions(before, "as written")

    # Case 6: bank follows the rail's speed channel (4 m/s up the climb, 12 on the deck, 8 at the end);
    # a typed speed overrides it. Each point's tilt is the one a single typed speed gives there.
    import yaml

    def tilts(path):
        points = next(r for r in yaml.safe_load(open(path))["rails"] if r["id"] == "curve")["points"]
        return [p.get("tilt", 0) if isinstance(p, dict) else 0 for p in points]
    curvy = os.path.join(tmp, "curvy.yaml")
    with open(curvy, "w") as f:
        f.write("railforge: 1\nlevel: {name: Curve, units: m}\nrails:\n  - id: curve\n"
                "    points: [[0, 0, 0], [20, 0, 0], [35, 10, 0], [40, 25, 0], [35, 40, 0]]\n"
                "    channels:\n      speed: {type: float, keys: [{point: 0, value: 5}, {point: 1, value: 5}, "
                "{point: 2, value: 10}, {point: 3, value: 15}, {point: 4, value: 15}]}\n")
    by_channel = os.path.join(tmp, "by_channel.yaml")
    r = run("bank", curvy, "--rail", "curve", "--max-bank", "60", "-o", by_channel)
    check(r.returncode == 0, "bank without --speed follows the speed channel", 0, r.stderr)
    for speed, point in ((5, 1), (10, 2), (15, 3)):
        typed = os.path.join(tmp, "typed.yaml")
        run("bank", curvy, "--rail", "curve", "--speed", str(speed), "--max-bank", "60", "-o", typed)
        check(tilts(by_channel)[point] == tilts(typed)[point] and tilts(typed)[point] != 0,
              "point %d banked for the channel's %d m/s there" % (point, speed), tilts(typed)[point],
              tilts(by_channel)[point])
    check(len(set(tilts(by_channel)[1:4])) == 3, "the three speeds bank differently", None, tilts(by_channel))
    r = run("bank", level, "--rail", "branch", "-o", by_channel)
    check(r.returncode == 3 and "has no speed channel: give --speed V" in r.stderr,
          "a rail without a speed channel needs --speed", 3, (r.returncode, r.stderr))

    # Drape with --follow beside the deck, over the ravine's sheer walls (case 5 of the issue): the
    # rail is lifted where following the ground would be steeper than 35 degrees, few points are
    # added, and drape says where it lifted it.
    cliff = os.path.join(tmp, "cliff.yaml")
    with open(cliff, "w") as f:
        f.write("railforge: 1\nlevel: {name: Cliff, units: m}\nreferences:\n  - {id: terrain, mesh: terrain.obj, up: z}\n"
                "rails:\n  - id: edge\n    points: [[70, 10, 10], [100, 10, 10], [120, 10, 10], [150, 10, 10]]\n")
    out = os.path.join(tmp, "cliff_draped.yaml")
    r = run("drape", cliff, "--rail", "edge", "--clearance", "1.5", "--follow", "0.25", "-o", out)
    check(r.returncode == 0, "drape over the ravine exits 0", 0, r.stderr)
    check("stretch lifted to keep the 35° limit: s " in r.stderr, "drape says where it lifted the rail", None, r.stderr)
    check(run("validate", out).returncode == 0, "the result loads")
    profile = run("profile", out, "--rail", "edge", "--spacing", "0.25").stdout.splitlines()
    pitches = [abs(float(row.split(",")[4])) for row in profile[1:]]
    check(max(pitches) <= 35.01, "no stretch steeper than 35 degrees", 35, max(pitches))
    points = len(rail(exported(out, tmp), "edge")["bezier"])
    check(points <= 4 + 200, "at most 200 points added", 204, points)
    r = run("drape", cliff, "--rail", "edge", "--clearance", "1.5", "--follow", "0.25", "--max-grade", "10", "-o", out)
    profile = run("profile", out, "--rail", "edge", "--spacing", "0.25").stdout.splitlines()
    check(max(abs(float(row.split(",")[4])) for row in profile[1:]) <= 10.01, "--max-grade 10 keeps 10 degrees")

finish()
