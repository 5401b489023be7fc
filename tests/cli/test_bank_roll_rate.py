#!/usr/bin/env python3
"""`railforge-cli bank --max-roll-rate` (docs/design.md "Ride forces"): on a slalom whose turns
change side every few metres, banking for the speed alone saws (neighbouring points lean opposite
ways, far past 10 degrees a metre); with the roll-rate limit no two places 1 m apart differ by more
than the limit (read from `profile`'s bank every 0.25 m, not from the tool's own numbers), no point
goes past --max-bank, and the stretches held short of the speed's bank are named. `validate` warns
of a ridden rail (one with a speed channel) rolling faster than 10 degrees a metre, at its place;
`profile` without --speed gives the forces at the rail's speed channel.
Usage: test_bank_roll_rate.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import os
import subprocess
import sys
import tempfile

import yaml

from checklist import check, finish

cli = sys.argv[1]


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)


def banks(level, spacing=0.25):
    r = run("profile", level, "--rail", "slalom", "--spacing", str(spacing), "--speed", "15")
    return [(float(row["s"]), float(row["bank"])) for row in csv.DictReader(io.StringIO(r.stdout))]


def fastest_roll(rows, window=1.0, spacing=0.25):
    """The largest bank difference between two places `window` metres apart."""
    k = round(window / spacing)
    return max(abs(rows[i + k][1] - rows[i][1]) for i in range(len(rows) - k))


with tempfile.TemporaryDirectory() as tmp:
    slalom = os.path.join(tmp, "slalom.yaml")
    points = ", ".join("[%g, %g, 0]" % (i * 3.0, 2.5 * (-1) ** i) for i in range(24))
    with open(slalom, "w") as f:
        f.write("railforge: 1\nlevel: {name: Slalom, units: m}\nrails:\n  - id: slalom\n"
                "    spline: {type: catmull-rom, alpha: 0.5}\n    frame: upright\n    points: [%s]\n" % points)
    free = os.path.join(tmp, "free.yaml")
    r = run("bank", slalom, "--rail", "slalom", "--speed", "15", "--max-bank", "45", "--max-roll-rate", "1000", "-o", free)
    check(r.returncode == 0, "bank without a real limit writes", found=r.stderr)
    check(fastest_roll(banks(free)) > 20, "banked for the speed alone, the slalom saws", found=fastest_roll(banks(free)))

    limited = os.path.join(tmp, "limited.yaml")
    r = run("bank", slalom, "--rail", "slalom", "--speed", "15", "--max-bank", "45", "-o", limited)
    check(r.returncode == 0, "bank with the default roll rate (10 degrees a metre) writes", found=r.stderr)
    rows = banks(limited)
    check(rows and fastest_roll(rows) <= 10.0 + 1e-6, "no two places 1 m apart differ by more than 10 degrees",
          found=fastest_roll(rows) if rows else r.stderr)
    with open(limited) as f:
        tilts = [p["tilt"] if isinstance(p, dict) else 0 for p in yaml.safe_load(f)["rails"][0]["points"]]
    check(all(abs(t) <= 45 + 1e-9 for t in tilts), "no point past --max-bank", found=tilts)
    check("held to 10 degrees a metre of roll" in r.stderr and "short of the speed's bank" in r.stderr,
          "the stretches held short are named", found=r.stderr)

    r = run("bank", slalom, "--rail", "slalom", "--speed", "15", "--max-roll-rate", "3", "-o", limited)
    rows = banks(limited)
    check(r.returncode == 0 and fastest_roll(rows) <= 3.0 + 1e-6, "--max-roll-rate 3 holds it to 3 degrees a metre",
          found=fastest_roll(rows))
    check(run("bank", slalom, "--rail", "slalom", "--speed", "15", "--max-roll-rate", "0", "-o", limited).returncode == 2,
          "--max-roll-rate 0: usage error")

    # A ridden rail that rolls too fast: validate warns, at the place.
    with open(free) as f:
        text = f.read()
    ridden = os.path.join(tmp, "ridden.yaml")
    with open(ridden, "w") as f:
        f.write(text.replace("    frame: upright\n",
                             "    frame: upright\n    channels:\n      speed: {type: float, keys: [{s: 0, value: 15}]}\n", 1))
    v = run("validate", ridden)
    check("rail 'slalom' rolls" in v.stdout + v.stderr and "ridden.yaml:" in v.stdout + v.stderr,
          "validate warns of a ridden rail rolling faster than 10 degrees a metre, located", found=v.stdout + v.stderr)
    with open(ridden, "w") as f:
        f.write(open(limited).read().replace("    frame: upright\n",
                "    frame: upright\n    channels:\n      speed: {type: float, keys: [{s: 0, value: 15}]}\n", 1))
    v = run("validate", ridden)
    check("rolls" not in v.stdout + v.stderr, "the rail banked with the limit draws no warning", found=v.stdout + v.stderr)

    # profile without --speed on a rail with a speed channel: forces at the channel's speed.
    r = run("profile", ridden, "--rail", "slalom", "--spacing", "1")
    at_channel = list(csv.DictReader(io.StringIO(r.stdout)))
    r = run("profile", ridden, "--rail", "slalom", "--spacing", "1", "--speed", "15")
    typed = list(csv.DictReader(io.StringIO(r.stdout)))
    check(at_channel and "vertical_g" in at_channel[0] and all(float(row["speed"]) == 15 for row in at_channel),
          "profile at the speed channel: forces and the speed in every row", found=at_channel[:1])
    check(at_channel and all(abs(float(a["vertical_g"]) - float(b["vertical_g"])) < 1e-9 for a, b in zip(at_channel, typed)),
          "the channel's forces are those at the same typed speed")
finish()
