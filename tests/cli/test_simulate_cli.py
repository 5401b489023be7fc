#!/usr/bin/env python3
"""`railforge-cli simulate` against the closed forms of docs/design.md "Ride physics":
- a straight rail from (0, 0, 20) to (100, 0, 0) from rest ends at sqrt(2 g 20) = 19.81 m/s without
  friction and at sqrt(2 g L (sin - mu cos)) = 18.79 m/s with mu = 0.02;
- up a 10 degree rail at 10 m/s it stalls at s = v0^2 / (2 g sin 10) = 29.35 and says how much more
  speed it needs (sqrt(2 g h) - v0 for the rail's height h);
- a horizontal circle of radius 50 at 20 m/s: |lateral_g| 0.815, as `profile` gives;
- drag k on a flat rail: v = v0 e^(-k s);
- a `lift` channel and a `brake` event act; level units other than metres convert;
- usage and input errors (exit 2 and 3).
Usage: test_simulate_cli.py RAILFORGE_CLI"""
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

cli = sys.argv[1]
G = 9.81


def run(*args):
    return subprocess.run([cli, "simulate", *args], capture_output=True, text=True, timeout=120)


def rows(result):
    return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(result.stdout))]


def level(path, rails, units="m"):
    with open(path, "w") as f:
        f.write("railforge: 1\nlevel: {name: Ride, units: %s}\nrails:\n%s" % (units, rails))


def straight(rail_id, start, end, extra=""):
    return ("  - id: %s\n    spline: {type: linear}\n    frame: upright\n    points: [%r, %r]\n%s"
            % (rail_id, list(start), list(end), extra))


with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "ramps.yaml")
    climb = 10 * math.pi / 180
    level(path, straight("down", (0, 0, 20), (100, 0, 0))
          + straight("up", (0, 0, 0), (100 * math.cos(climb), 0, 100 * math.sin(climb)))
          + straight("flat", (0, 0, 0), (400, 0, 0))
          + straight("braked", (0, 0, 20), (100, 0, 0),
                     "    channels:\n      cues: {type: event, keys: [{s: 50, value: brake 4}]}\n")
          + straight("lifted", (0, 0, 0), (100, 0, 10),
                     "    channels:\n      lift: {type: bool, keys: [{point: 0, value: true}, {s: 60, value: false}]}\n"))

    r = run(path, "--rail", "down", "--v0", "0", "--spacing", "10")
    data = rows(r)
    check(r.returncode == 0 and r.stderr == "", "a ramp down: exit 0, nothing on stderr: " + r.stderr)
    check(list(csv.reader(io.StringIO(r.stdout)))[0] == ["s", "t", "v", "vertical_g", "lateral_g"],
          "columns s,t,v,vertical_g,lateral_g")
    check(abs(data[-1]["s"] - math.hypot(100, 20)) < 1e-9, "the last row is the rail's end")
    check(abs(data[-1]["v"] - math.sqrt(2 * G * 20)) < 0.01, "frictionless: 19.81 m/s at the foot: %r" % data[-1]["v"])
    check(abs(data[-1]["v"] - 19.81) < 0.01, "that is 19.81")
    data = rows(run(path, "--rail", "down", "--friction", "0.02", "--spacing", "10"))
    expected = math.sqrt(2 * G * (20 - 0.02 * 100))
    check(abs(data[-1]["v"] - expected) < 0.01 and abs(expected - 18.79) < 0.005,
          "mu 0.02: 18.79 m/s at the foot: %r" % data[-1]["v"])
    check(all(abs(a["v"] ** 2 - b["v"] ** 2 + 2 * G * (20 - 0.02 * 100) * (b["s"] - a["s"]) / math.hypot(100, 20))
              < 1e-6 for a, b in zip(data, data[1:])), "the speed grows as energy less friction says, row by row")

    r = run(path, "--rail", "up", "--v0", "10", "--spacing", "1", "--json")
    doc = json.loads(r.stdout)
    stall = 10 ** 2 / (2 * G * math.sin(climb))
    check(r.returncode == 0, "a stall is an answer: exit 0")
    check(abs(doc["stall"]["s"] - stall) < 0.05 and abs(stall - 29.35) < 0.005,
          "up 10 degrees at 10 m/s: stalls at s 29.35: %r" % doc["stall"])
    needed = math.sqrt(2 * G * 100 * math.sin(climb)) - 10
    check(abs(doc["stall"]["more_speed"] - needed) < 0.01, "needs %.2f m/s more at s 0" % needed)
    check(doc["rows"][-1][0] < stall and doc["rows"][-1][0] > stall - 1, "the rows stop at the stall")
    check(("stalls at s 29.35 (needs %.1f m/s more at s 0)" % needed) in r.stderr,
          "stderr says where it stalls and what it needs: " + r.stderr)
    check(json.loads(run(path, "--rail", "down", "--json").stdout)["stall"] is None, "no stall: \"stall\": null")

    data = rows(run(path, "--rail", "flat", "--v0", "25", "--drag", "0.004", "--spacing", "20"))
    check(all(abs(d["v"] - 25 * math.exp(-0.004 * d["s"])) < 1e-6 for d in data), "drag: v = v0 e^(-k s)")
    check(all(abs(d["vertical_g"] - 1) < 1e-12 and d["lateral_g"] == 0 for d in data), "flat: 1 g down, 0 across")

    data = rows(run(path, "--rail", "braked", "--spacing", "1"))
    at = min(data, key=lambda d: abs(d["s"] - 50))
    check(abs(at["v"] - 4) < 1e-9, "`brake 4` trims the speed to 4 at s 50: %r" % at["v"])
    drop = 20 * (math.hypot(100, 20) - at["s"]) / math.hypot(100, 20)
    check(abs(data[-1]["v"] - math.sqrt(16 + 2 * G * drop)) < 1e-6, "then it speeds up again from 4 m/s")

    r = run(path, "--rail", "lifted", "--spacing", "1", "--chain-speed", "2.5", "--json")
    doc = json.loads(r.stdout)
    lifted = [row for row in doc["rows"] if row[0] < 60]
    check(all(abs(row[2] - 2.5) < 1e-9 for row in lifted), "a bool lift holds the chain's 2.5 m/s up to s 60")
    sine = 10 / math.hypot(100, 10)
    check(abs(doc["stall"]["s"] - (60 + 2.5 ** 2 / (2 * G * sine))) < 0.06,
          "off the chain it coasts and stalls 3.2 further: %r" % doc["stall"])

    circle = os.path.join(tmp, "circle.yaml")
    circle_level(circle)
    data = rows(run(circle, "--rail", "loop", "--v0", "20", "--spacing", "2"))
    check(all(abs(abs(d["lateral_g"]) - 0.815) < 0.002 for d in data), "circle r 50 at 20 m/s: |lateral_g| 0.815")
    check(all(abs(d["v"] - 20) < 1e-9 for d in data), "a flat frictionless circle keeps its speed")
    check(abs(data[-1]["t"] - 2 * math.pi * 50 / 20) < 0.01, "one lap takes 2 pi r / v")

    centimetres = os.path.join(tmp, "cm.yaml")
    level(centimetres, straight("down", (0, 0, 2000), (10000, 0, 0)), units="cm")
    data = rows(run(centimetres, "--rail", "down", "--spacing", "1000"))
    check(abs(data[-1]["v"] - math.sqrt(2 * G * 20)) < 0.01, "a level in centimetres: 19.81 m/s, s in its units")

    for args, why in ((["--v0", "-1"], "a negative v0"), (["--friction", "x"], "a friction that is no number"),
                      (["--spacing", "0"], "a spacing of 0"), ([], "no --rail")):
        r = run(path, *(["--rail", "down"] if args else []), *args)
        check(r.returncode == 2 and "usage" in r.stderr, "%s: exit 2 with the usage" % why)
    r = run(path, "--rail", "nope")
    check(r.returncode == 3 and "no rail 'nope'" in r.stderr, "an unknown rail: exit 3")
    unitless = os.path.join(tmp, "tiles.yaml")
    level(unitless, straight("down", (0, 0, 2), (10, 0, 0)), units="tiles")
    r = run(unitless, "--rail", "down")
    check(r.returncode == 3 and "not a known length" in r.stderr, "units that are no length: exit 3")

    # Across junctions: from rest down "a" (z 20 to 0) onto "b" at a's end (the junction's default way),
    # flat then up: frictionless, the rider reaches b's flat at sqrt(2 g 20) and stalls on the climb
    # where it is 20 high again.
    net = os.path.join(tmp, "network.yaml")
    with open(net, "w") as f:
        f.write("railforge: 1\nlevel: {name: Net, units: m}\nrails:\n"
                + straight("a", (0, 0, 20), (100, 0, 0))
                + straight("b", (100, 0, 0), (200, 0, 0))
                + straight("c", (200, 0, 0), (300, 0, 40))
                + straight("side", (100, 0, 0), (100, -100, 0))
                + "junctions:\n  - id: j1\n    at: {rail: a, end: end}\n"
                + "    links: [{rail: b, end: start}, {rail: side, end: start}]\n    default: b\n"
                + "  - id: j2\n    at: {rail: b, end: end}\n    links: [{rail: c, end: start}]\n")
    r = subprocess.run([cli, "simulate", net, "--rail", "a", "--v0", "0", "--spacing", "1", "--follow-junctions"],
                       capture_output=True, text=True, timeout=120)
    check(r.returncode == 0, "--follow-junctions: exit 0: " + r.stderr)
    table = list(csv.DictReader(io.StringIO(r.stdout)))
    check(list(table[0].keys()) == ["s", "t", "v", "vertical_g", "lateral_g", "rail", "rail_s"], str(table[0].keys()))
    on_b = [row for row in table if row["rail"] == "b"]
    check(on_b and all(abs(float(row["v"]) - math.sqrt(2 * G * 20)) < 0.01 for row in on_b),
          "on b the rider keeps sqrt(2 g 20) = 19.81")
    check(not any(row["rail"] == "side" for row in table), "the default way is taken, not the side")
    climb = math.hypot(100, 40)
    stall_on_c = climb / 2
    check("stalls at s %.2f" % (math.hypot(100, 20) + 100 + stall_on_c) in r.stderr
          or abs(float(r.stderr.split("stalls at s ")[1].split()[0]) - (math.hypot(100, 20) + 100 + stall_on_c)) < 0.05,
          "stalls on c where it is 20 high again: " + r.stderr)
    check("on rail 'c' at s" in r.stderr and abs(float(r.stderr.split("on rail 'c' at s ")[1].split(")")[0]) - stall_on_c) < 0.05,
          "and says where on c: " + r.stderr)
    r = subprocess.run([cli, "simulate", net, "--rail", "a", "--v0", "0", "--follow-junctions", "--json"],
                       capture_output=True, text=True, timeout=120)
    data = json.loads(r.stdout)
    check(data["stall"]["rail"] == "c" and abs(data["stall"]["rail_s"] - stall_on_c) < 0.05
          and data["stall"]["more_speed"] is not None and data["stall"]["more_speed"] > 0,
          "JSON stall names the rail: " + json.dumps(data["stall"]))
    r = subprocess.run([cli, "simulate", net, "--rail", "a", "--v0", "0", "--follow-junctions", "--distance", "150"],
                       capture_output=True, text=True, timeout=120)
    last = list(csv.DictReader(io.StringIO(r.stdout)))[-1]
    check(abs(float(last["s"]) - 150) < 1e-6 and last["rail"] == "b", "--distance ends the ride there: " + str(last))

finish()
