#!/usr/bin/env python3
"""`railforge-cli ride` across a rail network (docs/design.md "Rail networks"), checked from outside:
on the Y of tests/data/levels/network.yaml (main 100 m forking at its end into to_mine, the default,
and to_lift; a spur leaving main 40 m along it), a ride at 10 m/s for 15 s in steps of 0.1 s moves
1.0 along the network each step (the distance along each rail, carried across the junction), is on
to_mine at main's end after 10 s, has gone 150 m after 15 s; positions are continuous and tangents
and ups unit; a sequence takes the other branch, or the spur at the mid-rail junction; riding a
branch back merges onto main backward; an open end stops the ride; bad options exit 2, a bad
sequence or rail 3. Without --speed the rider follows the rails' speed channels (the mine level), and a
rail with none exits 3.
Usage: test_ride_cli.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import json
import math
import os
import subprocess
import sys
import tempfile

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
level = source + "/tests/data/levels/network.yaml"
LENGTH = {"main": 100.0, "to_mine": 50.0, "to_lift": 100.0, "spur": 50.0}


def ride(*options):
    run = subprocess.run([cli, "ride", level] + list(options), capture_output=True, text=True)
    rows = list(csv.DictReader(io.StringIO(run.stdout))) if run.returncode == 0 else []
    for r in rows:
        for k in r:
            if k != "rail":
                r[k] = float(r[k])
    return run, rows


def along(a, b):
    """Distance along the network between two rows a step apart: on one rail |ds|; across a junction,
    what was left of the first rail to the junction plus what the second took from it (the junctions
    of network.yaml: main's end to a branch's start, main at 40 to the spur's start)."""
    if a["rail"] == b["rail"]:
        return abs(b["s"] - a["s"])
    if a["rail"] == "main" and b["rail"] in ("to_mine", "to_lift"):
        return (100.0 - a["s"]) + b["s"]
    if a["rail"] == "main" and b["rail"] == "spur":
        return (40.0 - a["s"]) + b["s"]
    if a["rail"] in ("to_mine", "to_lift") and b["rail"] == "main":
        return a["s"] + (100.0 - b["s"])
    return float("nan")


run, rows = ride("--rail", "main", "--speed", "10", "--duration", "15", "--dt", "0.1")
check(run.returncode == 0, "ride runs", 0, run.returncode)
check(run.stdout.splitlines()[0] == "t,rail,s,x,y,z,tx,ty,tz,ux,uy,uz", "the header", None, run.stdout[:60])
check(len(rows) == 151, "a row every 0.1 s from 0 to 15", 151, len(rows))
steps = [along(a, b) for a, b in zip(rows, rows[1:])]
check(all(abs(d - 1.0) <= 1e-6 for d in steps), "every step moves 1.0 along the network", 1.0,
      [d for d in steps if abs(d - 1.0) > 1e-6][:5])
jumps = [math.dist((a["x"], a["y"], a["z"]), (b["x"], b["y"], b["z"])) for a, b in zip(rows, rows[1:])]
check(max(jumps) <= 1.0 + 1e-6, "positions are continuous (no step jumps further than it rides)", 1.0, max(jumps))
check(all(abs(math.hypot(r["tx"], r["ty"], r["tz"]) - 1) < 1e-9 for r in rows), "unit tangents")
check(all(abs(math.hypot(r["ux"], r["uy"], r["uz"]) - 1) < 1e-9 for r in rows), "unit ups")
at10 = rows[100]
check(abs(at10["t"] - 10) < 1e-9 and at10["rail"] == "to_mine" and abs(at10["s"]) < 1e-6,
      "at 10 s the rider is at main's end, on the default branch", ("to_mine", 0), (at10["rail"], at10["s"]))
check(all(r["rail"] == "main" for r in rows[:100]), "main until then (the spur's junction goes on along main)")
last = rows[-1]
check(last["rail"] == "to_mine" and abs(last["s"] - 50) < 1e-6, "150 m after 15 s: the end of to_mine",
      ("to_mine", 50), (last["rail"], last["s"]))
check(abs(last["x"] - 140) < 1e-6 and abs(last["y"] - 30) < 1e-6, "there is (140, 30)", (140, 30),
      (last["x"], last["y"]))

# The other branch by a sequence: main at the siding (the mid-rail junction's own rail), then to_lift.
run, rows = ride("--rail", "main", "--speed", "10", "--duration", "15", "--dt", "0.1", "--choose",
                 "sequence:main,to_lift")
check(run.returncode == 0 and rows[-1]["rail"] == "to_lift" and abs(rows[-1]["s"] - 50) < 1e-6,
      "sequence:main,to_lift takes the lift branch", ("to_lift", 50), rows[-1]["rail"] if rows else run.stderr)
check(rows and abs(rows[-1]["tx"] - 0.8) < 1e-9 and abs(rows[-1]["ty"] + 0.6) < 1e-9,
      "riding to_lift south-east", (0.8, -0.6), (rows[-1]["tx"], rows[-1]["ty"]) if rows else None)

# The mid-rail junction branches there.
run, rows = ride("--rail", "main", "--speed", "10", "--duration", "6", "--dt", "0.5", "--choose", "sequence:spur")
spur = [r for r in rows if r["rail"] == "spur"]
check(run.returncode == 0 and spur and abs(spur[0]["t"] - 4) < 1e-9 and abs(spur[0]["s"]) < 1e-6,
      "sequence:spur leaves main at s = 40 (t = 4 s)", 4, spur[0]["t"] if spur else run.stderr)
check(rows and abs(rows[-1]["s"] - 20) < 1e-6 and rows[-1]["rail"] == "spur", "20 m along the spur at 6 s",
      20, rows[-1]["s"] if rows else None)

# Riding a branch back to the fork merges onto main, backward; the ride stops at main's start.
run, rows = ride("--rail", "to_mine", "--from", "end", "--speed", "10", "--duration", "20", "--dt", "1")
check(run.returncode == 0 and rows[5]["rail"] == "main" and abs(rows[5]["s"] - 100) < 1e-6,
      "back down to_mine onto main's end at 5 s", ("main", 100), (rows[5]["rail"], rows[5]["s"]) if rows else None)
check(rows and abs(rows[6]["tx"] + 1) < 1e-9 and abs(rows[6]["s"] - 90) < 1e-6, "then along main westward",
      (-1, 90), (rows[6]["tx"], rows[6]["s"]) if len(rows) > 6 else None)
check(rows and rows[-1]["rail"] == "main" and abs(rows[-1]["s"]) < 1e-6 and abs(rows[-1]["t"] - 15) < 1e-9,
      "an open end stops the ride: the last row at main's start, at 15 s", ("main", 0, 15),
      (rows[-1]["rail"], rows[-1]["s"], rows[-1]["t"]) if rows else None)

# Random choices are seeded: the same seed rides the same way.
a = ride("--rail", "main", "--speed", "7", "--duration", "20", "--dt", "0.25", "--choose", "random:4")[0].stdout
b = ride("--rail", "main", "--speed", "7", "--duration", "20", "--dt", "0.25", "--choose", "random:4")[0].stdout
check(a == b and a.count("\n") > 10, "random:SEED rides the same way each time")

# Without --speed the rider goes at each rail's speed channel (tests/data/levels/mine: main keyed 4 m/s
# at points 0 and 2, 12 at point 3, 8 at point 5): 4 m/s on the flat start, faster up on the deck.
mine = source + "/tests/data/levels/mine/mine.yaml"
run = subprocess.run([cli, "ride", mine, "--rail", "main", "--duration", "30", "--dt", "0.5"], capture_output=True,
                     text=True)
rows = list(csv.DictReader(io.StringIO(run.stdout))) if run.returncode == 0 else []
check(run.returncode == 0 and len(rows) > 10, "ride without --speed follows the speed channel", 0,
      (run.returncode, run.stderr))
if len(rows) > 10:
    steps = [float(b["s"]) - float(a["s"]) for a, b in zip(rows, rows[1:]) if a["rail"] == b["rail"] == "main"]
    check(abs(steps[0] - 4 * 0.5) < 1e-6, "the first step goes at the 4 m/s of the first keys", 2.0, steps[0])
    check(max(steps) > 8 * 0.5, "up on the deck it goes faster than 8 m/s", "> 4", max(steps))
typed = subprocess.run([cli, "ride", mine, "--rail", "main", "--speed", "3", "--duration", "2", "--dt", "1"],
                       capture_output=True, text=True)
typed_rows = list(csv.DictReader(io.StringIO(typed.stdout))) if typed.returncode == 0 else []
check(len(typed_rows) == 3 and abs(float(typed_rows[1]["s"]) - 3) < 1e-9, "a typed --speed overrides the channel",
      3, [r.get("s") for r in typed_rows])
run, _ = ride("--rail", "main", "--duration", "5", "--dt", "0.1")
check(run.returncode == 3 and "no speed channel" in run.stderr and "--speed" in run.stderr,
      "without --speed a rail with no speed channel exits 3 and says to give --speed", 3, (run.returncode, run.stderr))

# Bad input.
run, _ = ride("--rail", "main", "--speed", "10", "--duration", "5", "--dt", "0")
check(run.returncode == 2 and "--dt" in run.stderr, "--dt 0 is a usage error (2)", 2, (run.returncode, run.stderr))
run, _ = ride("--rail", "main", "--speed", "10", "--duration", "5", "--dt", "0.1", "--choose", "sometimes")
check(run.returncode == 2, "an unknown --choose is a usage error (2)", 2, run.returncode)
run, _ = ride("--rail", "nowhere", "--speed", "10", "--duration", "5", "--dt", "0.1")
check(run.returncode == 3 and "nowhere" in run.stderr, "an unknown rail exits 3", 3, (run.returncode, run.stderr))
run, _ = ride("--rail", "main", "--speed", "10", "--duration", "15", "--dt", "0.1", "--choose", "sequence:main,spur")
check(run.returncode == 3 and "fork" in run.stderr and "to_mine, to_lift" in run.stderr,
      "a sequence naming no way of the junction reached exits 3, naming the ways", 3, (run.returncode, run.stderr))

# The export lists the junctions with their ways resolved, and validates against its schema.
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "network.json")
    run = subprocess.run([cli, "export", level, "-o", out], capture_output=True, text=True)
    check(run.returncode == 0, "network.yaml exports: " + run.stderr)
    schema = subprocess.run([cli, "validate", "--export", out], capture_output=True, text=True)
    check(schema.returncode == 0, "the export validates against export.schema.json: " + schema.stdout + schema.stderr)
    with open(out) as f:
        junctions = {j["id"]: j for j in json.load(f)["junctions"]}
    fork, siding = junctions.get("fork", {}), junctions.get("siding", {})
    check(fork.get("at") == {"rail": "main", "s": 100} and fork.get("arrive") == "forward"
          and fork.get("position") == [100, 0, 0], "fork: at main's end, reached riding forward", None, fork)
    check(fork.get("ways") == [{"rail": "to_mine", "s": 0, "direction": "forward"},
                               {"rail": "to_lift", "s": 0, "direction": "forward"}] and fork.get("default") == "to_mine",
          "fork's ways: both branches from their starts, to_mine the default", None, fork.get("ways"))
    check(siding.get("ways", [{}])[0] == {"rail": "main", "s": 40, "direction": "forward"}
          and siding.get("default") == "main", "siding: main going on first, and the default", None, siding)

finish()
