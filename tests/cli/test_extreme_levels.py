#!/usr/bin/env python3
"""Levels at the edges of the input limits, through every command that prints numbers: no NaN ever
leaves RailForge (issue #17). tests/data/levels/extreme-scale.yaml (coordinates at +-1e9, repeated
points, 1e-6 segments beside 1e9 ones, waypoints 1e-300 apart) must validate, and `sample` (every
rail), `route` (every patrol), `nearest` (CSV and JSON) and `export` must print only finite numbers,
with unit tangents. A level saved with a UTF-8 byte-order mark loads; arguments beyond the
coordinate range are usage errors; a patrol whose stops all lie at one place is refused by route
and export. Usage: test_extreme_levels.py RAILFORGE_CLI SOURCE_DIR"""
import json
import math
import os
import subprocess
import sys
import tempfile

import yaml

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
levels = os.path.join(source, "tests", "data", "levels")
extreme = os.path.join(levels, "extreme-scale.yaml")


def run(*args):
    proc = subprocess.run([cli, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def csv_rows(text):
    lines = text.strip().splitlines()
    return lines[0].split(","), [line.split(",") for line in lines[1:]]


def all_finite(values):
    return all(math.isfinite(float(v)) for v in values)


def unit(t):
    return abs(math.sqrt(sum(float(c) ** 2 for c in t)) - 1.0) <= 1e-9


def check_sample_rows(text, label):
    header, rows = csv_rows(text)
    check(header == ["s", "x", "y", "z", "tx", "ty", "tz", "ux", "uy", "uz"], f"{label}: header {header}")
    check(len(rows) >= 1, f"{label}: no rows")
    for i, row in enumerate(rows):
        check(all_finite(row), f"{label} row {i}: not finite: {row}")
        check(unit(row[4:7]), f"{label} row {i}: tangent {row[4:7]} is not unit length")
        check(unit(row[7:10]), f"{label} row {i}: up {row[7:10]} is not unit length")
        dot = sum(float(a) * float(b) for a, b in zip(row[4:7], row[7:10]))
        check(abs(dot) <= 1e-9, f"{label} row {i}: up is not orthogonal to the tangent (dot {dot})")
    s = [float(r[0]) for r in rows]
    check(all(b >= a for a, b in zip(s, s[1:])), f"{label}: s goes backwards")


with open(extreme) as f:
    level = yaml.safe_load(f)

code, _, err = run("validate", extreme)
check(code == 0, f"validate extreme-scale.yaml: exit {code}: {err}")

# sample: every rail, at a spacing giving a few dozen rows, and at the smallest spacing (1e-6) on the
# tiny rails.
for rail in level["rails"]:
    pts = rail["points"]
    extent = max(abs(a - b) for p in pts for q in pts for a, b in zip(p, q))
    for spacing in {max(extent / 20, 1e-6), 1e-6 if extent < 1e-3 else extent / 3}:
        code, out, err = run("sample", extreme, "--rail", rail["id"], "--spacing", repr(spacing))
        check(code == 0, f"sample {rail['id']} --spacing {spacing}: exit {code}: {err}")
        if code == 0:
            check_sample_rows(out, f"sample {rail['id']}")

# route: every patrol.
for patrol in level["patrols"]:
    code, out, err = run("route", extreme, "--patrol", patrol["id"])
    check(code == 0, f"route {patrol['id']}: exit {code}: {err}")
    if code == 0:
        check_sample_rows(out, f"route {patrol['id']}")

# nearest: queries at the range's corners, on the specks, and far from every rail.
queries = ["1e9,1e9,1e9", "-1e9,-1e9,-1e9", "1e-300,0,0", "0,0", "1e9,1e-6,0", "-1e9,999999999.999999,0", "5e8,-7e8,3"]
for q in queries:
    code, out, err = run("nearest", extreme, "--at", q)
    check(code == 0, f"nearest --at {q}: exit {code}: {err}")
    if code == 0:
        header, rows = csv_rows(out)
        check(len(rows) == 1 and all_finite(rows[0][1:]), f"nearest --at {q}: {out}")
    code, out, err = run("nearest", extreme, "--at", q, "--json")
    if code == 0:
        hit = json.loads(out)[0]
        numbers = [hit["t"], hit["s"], hit["distance"], *hit["point"], *hit["tangent"]]
        check(all(isinstance(v, (int, float)) and math.isfinite(v) for v in numbers), f"nearest --json {q}: {hit}")
        check(unit(hit["tangent"]), f"nearest --json {q}: tangent {hit['tangent']}")
    else:
        check(False, f"nearest --at {q} --json: exit {code}: {err}")
for rail in level["rails"]:
    code, out, err = run("nearest", extreme, "--rail", rail["id"], "--at", "0.5,0.25,0")
    check(code == 0 and all_finite(csv_rows(out)[1][0][1:]), f"nearest --rail {rail['id']}: exit {code}: {out}{err}")

# export: every number finite, every tangent unit, lengths > 0.
with tempfile.TemporaryDirectory() as tmp:
    out_path = os.path.join(tmp, "extreme.export.yaml")
    code, _, err = run("export", extreme, "-o", out_path, "--spacing", "1e8")
    check(code == 0, f"export: exit {code}: {err}")
    if code == 0:
        with open(out_path) as f:
            text = f.read()
        check(".nan" not in text and ".inf" not in text, "export: .nan or .inf in the text")
        exported = yaml.safe_load(text)
        for item in exported["rails"] + exported["patrols"]:
            check(math.isfinite(item["length"]), f"export {item['id']}: length {item['length']}")
            for row in item["samples"]:
                check(all(math.isfinite(v) for v in row), f"export {item['id']}: row {row}")
                check(unit(row[4:7]), f"export {item['id']}: tangent {row[4:7]}")
        for rail in exported["rails"]:
            check(rail["length"] > 0, f"export {rail['id']}: length {rail['length']}")
            for knot in rail["bezier"]:
                check(all(math.isfinite(v) for p in knot for v in p), f"export {rail['id']}: knot {knot}")

# A file saved with a UTF-8 byte-order mark loads and exports.
bom = os.path.join(levels, "bom.yaml")
with open(bom, "rb") as f:
    check(f.read(3) == b"\xef\xbb\xbf", "bom.yaml lost its byte-order mark")
code, _, err = run("validate", bom)
check(code == 0 and err == "", f"validate bom.yaml: exit {code}: {err}")

# Arguments beyond the coordinate range are usage errors, not NaN.
for args in (["sample", extreme, "--rail", "micro", "--spacing", "1e300"],
             ["sample", extreme, "--rail", "micro", "--spacing", "1e-300"],
             ["nearest", extreme, "--at", "1e300,0,0"],
             ["nearest", extreme, "--at", "0,-2e9"]):
    code, _, err = run(*args)
    check(code == 2, f"{' '.join(args[:1] + args[2:])}: exit {code}, expected 2: {err}")
with tempfile.TemporaryDirectory() as tmp:
    out_path = os.path.join(tmp, "x.yaml")
    code, _, err = run("export", extreme, "-o", out_path, "--spacing", "1e10")
    check(code == 2 and not os.path.exists(out_path), f"export --spacing 1e10: exit {code}: {err}")

# A patrol whose stops all lie at one place: a warning at its line, and route / export refuse it
# (exit 3) rather than print a zero tangent.
with tempfile.TemporaryDirectory() as tmp:
    stuck = os.path.join(tmp, "stuck.yaml")
    with open(stuck, "w") as f:
        f.write("railforge: 1\nwaypoints:\n  - {id: a, position: [2, 2]}\n  - {id: b, position: [2, 2]}\n"
                "edges:\n  - {from: a, to: b}\npatrols:\n  - id: stuck\n    stops: [a, b]\n")
    code, _, err = run("validate", stuck)
    check(code == 0 and f"{stuck}:8:9: warning: patrol 'stuck' has all its stops at one place" in err,
          f"validate stuck.yaml: exit {code}: {err}")
    code, out, err = run("route", stuck, "--patrol", "stuck")
    check(code == 3 and out == "" and "no length" in err, f"route stuck: exit {code}: {out}{err}")
    out_path = os.path.join(tmp, "stuck.export.yaml")
    code, _, err = run("export", stuck, "-o", out_path)
    check(code == 3 and not os.path.exists(out_path) and "no length" in err, f"export stuck: exit {code}: {err}")

finish()
