#!/usr/bin/env python3
"""railforge-cli export as an engine programmer checks it: schema-valid, samples at equal
arc-length steps with unit tangents and the last at s = length, and the Bezier knots rebuild a
curve that passes through every sample. Usage: test_export.py RAILFORGE_CLI SOURCE_DIR"""
import math
import os
import subprocess
import sys
import tempfile

import yaml

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
def bezier(p0, p1, p2, p3, u):
    a = (1 - u) ** 3
    b = 3 * (1 - u) ** 2 * u
    c = 3 * (1 - u) * u * u
    d = u ** 3
    return [a * p0[k] + b * p1[k] + c * p2[k] + d * p3[k] for k in range(3)]


def dist(a, b):
    return math.sqrt(sum((a[k] - b[k]) ** 2 for k in range(3)))


def dist_to_polyline(p, line):
    best = math.inf
    for a, b in zip(line, line[1:]):
        ab = [b[k] - a[k] for k in range(3)]
        ap = [p[k] - a[k] for k in range(3)]
        denom = sum(x * x for x in ab)
        t = 0 if denom == 0 else max(0, min(1, sum(ab[k] * ap[k] for k in range(3)) / denom))
        best = min(best, dist(p, [a[k] + t * ab[k] for k in range(3)]))
    return best


def check_export(tmp, level):
    """Exports `level` and checks the file as an engine would read it."""
    out = os.path.join(tmp, "export.yaml")
    run = subprocess.run([cli, "export", level, "-o", out, "--spacing", "0.25"], capture_output=True, text=True)
    check(run.returncode == 0, "export exits 0: " + run.stderr)
    schema = subprocess.run([sys.executable, os.path.join(source, "tests/schema/check_schema.py"),
                             os.path.join(source, "resources/schema/export.schema.json"), out],
                            capture_output=True, text=True)
    check(schema.returncode == 0, "export validates against export.schema.json: " + schema.stdout + schema.stderr)

    with open(out) as f:
        data = yaml.safe_load(f)
    with open(level) as f:
        doc = yaml.safe_load(f)
    check(data["format"] == "railforge-export" and data["version"] == 1, "format header")
    check(len(data["rails"]) == len(doc["rails"]), "every rail exported")
    check(len(data["patrols"]) == len(doc["patrols"]), "every patrol exported")
    check(data["waypoints"] == doc["waypoints"], "waypoints exported as in the document")

    for path in data["rails"] + data["patrols"]:
        rows = path["samples"]
        spacing, length = path["spacing"], path["length"]
        check(rows[0][0] == 0, path["id"] + ": first sample at s = 0")
        check(rows[-1][0] == length, path["id"] + ": last sample at s = length")
        for i, row in enumerate(rows):
            check(abs(math.sqrt(row[4] ** 2 + row[5] ** 2 + row[6] ** 2) - 1) < 1e-12, path["id"] + ": unit tangent")
            if 0 < i < len(rows) - 1:
                check(abs(row[0] - rows[i - 1][0] - spacing) < 1e-9, path["id"] + ": equal steps")
            if i > 0:
                chord = dist(row[1:4], rows[i - 1][1:4])
                check(chord <= row[0] - rows[i - 1][0] + 1e-9, path["id"] + ": chord never longer than the arc step")

    for rail in data["rails"]:
        knots = rail["bezier"]
        source_rail = next(r for r in doc["rails"] if r["id"] == rail["id"])
        check(len(knots) == len(source_rail["points"]), rail["id"] + ": one knot per control point")
        for knot, point in zip(knots, source_rail["points"]):
            at = point["at"] if isinstance(point, dict) else point  # bezier rails: {at, in, out, mode, tilt}
            check(dist(knot[0], at + [0] * (3 - len(at))) == 0, rail["id"] + ": knots sit on the control points")
        if not rail["closed"]:
            check(knots[0][1] == knots[0][0] and knots[-1][2] == knots[-1][0], rail["id"] + ": open ends have no outer handles")
        count = len(knots) if rail["closed"] else len(knots) - 1
        dense = []
        for i in range(count):
            a, b = knots[i], knots[(i + 1) % len(knots)]
            dense += [bezier(a[0], a[2], b[1], b[0], j / 200) for j in range(201)]
        # Every 7th sample against the chords of the dense curve (chord error < 1e-4 at this density).
        worst = max(dist_to_polyline(row[1:4], dense) for row in rail["samples"][::7])
        check(worst < 1e-3, rail["id"] + ": samples lie on the curve the Bezier knots describe (off by %g)" % worst)


with tempfile.TemporaryDirectory() as tmp:
    # The demo, and a level of banked Bezier rails with handles in every mode.
    for name in ("demo.yaml", "banked.yaml"):
        check_export(tmp, os.path.join(source, "resources/levels", name))
    level = os.path.join(source, "resources/levels/demo.yaml")
    bad = subprocess.run([cli, "export", level, "-o", os.path.join(tmp, "x.yaml"), "--spacing", "-1"], capture_output=True)
    check(bad.returncode == 2, "negative spacing is a usage error")
    check(not os.path.exists(os.path.join(tmp, "x.yaml")), "no file written on a usage error")
    broken = os.path.join(source, "tests/data/levels/broken.yaml")
    keep = os.path.join(tmp, "keep.yaml")
    with open(keep, "w") as f:
        f.write("previous export\n")
    bad = subprocess.run([cli, "export", broken, "-o", keep], capture_output=True, text=True)
    check(bad.returncode == 3, "a broken level exits 3")
    check(open(keep).read() == "previous export\n", "a failed export leaves the old file as it was")

finish()
