#!/usr/bin/env python3
"""railforge-cli export (version 2) as an engine programmer checks it: JSON and YAML with the same
content and stable bytes, schema-valid, samples at equal arc-length steps with unit tangents and
up vectors, the Bezier knots rebuild a curve through every sample and knot_s is the arc length at
each knot (against a dense polyline), patrol stops at their s, the graph with resolved costs.
Usage: test_export.py RAILFORGE_CLI SOURCE_DIR"""
import json
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


def export(tmp, level, name, *extra):
    out = os.path.join(tmp, name)
    run = subprocess.run([cli, "export", level, "-o", out, "--spacing", "0.25", *extra], capture_output=True, text=True)
    check(run.returncode == 0, "export -o %s exits 0: %s" % (name, run.stderr))
    return out


def polyline_length(points):
    return sum(dist(a, b) for a, b in zip(points, points[1:]))


def check_export(tmp, level):
    """Exports `level` as JSON and as YAML and checks both as an engine would read them."""
    out = export(tmp, level, "export.json")
    out_yaml = export(tmp, level, "export.yaml")
    for f in (out, out_yaml):
        schema = subprocess.run([sys.executable, os.path.join(source, "tests/schema/check_schema.py"),
                                 os.path.join(source, "resources/schema/export.schema.json"), f],
                                capture_output=True, text=True)
        check(schema.returncode == 0, f + " validates against export.schema.json v2: " + schema.stdout + schema.stderr)
    tool = subprocess.run([sys.executable, "-m", "json.tool", out], capture_output=True, text=True)
    check(tool.returncode == 0, "python3 -m json.tool reads the JSON export: " + tool.stderr)

    with open(out) as f:
        data = json.load(f)
    with open(out_yaml) as f:
        check(yaml.safe_load(f) == data, "the YAML export has the same content as the JSON export")
    with open(out, "rb") as f:
        first = f.read()
    with open(export(tmp, level, "again.json"), "rb") as f:
        check(f.read() == first, "the same level gives the same bytes")
    with open(export(tmp, level, "export.data", "--format", "json"), "rb") as f:
        check(f.read() == first, "--format json writes JSON whatever the name")
    with open(level) as f:
        doc = yaml.safe_load(f)
    check(data["format"] == "railforge-export" and data["version"] == 2, "format header")
    units = doc["level"].get("units", "m")
    check(data["coordinates"] == {"up": "z", "handedness": "right", "metres_per_unit": {"m": 1, "cm": 0.01}[units]},
          "coordinates of a level in " + units)
    check(list(data.keys()) == ["format", "version", "level", "coordinates", "graph", "obstacles", "rails", "patrols"],
          "top-level keys in their fixed order")
    check(len(data["rails"]) == len(doc.get("rails", [])), "every rail exported")
    check(len(data["patrols"]) == len(doc.get("patrols", [])), "every patrol exported")

    # The graph: every waypoint with its typed properties, every edge with its resolved cost.
    nodes = data["graph"]["nodes"]
    check([n["id"] for n in nodes] == [w["id"] for w in doc.get("waypoints", [])], "one node per waypoint, in order")
    where = {}
    for n, w in zip(nodes, doc.get("waypoints", [])):
        pos = w["position"] + [0] * (3 - len(w["position"]))
        where[n["id"]] = pos
        check(n["position"] == pos, n["id"] + ": node at the waypoint")
        props = w.get("properties", {})
        check(n["properties"] == props and all(type(n["properties"][k]) is type(props[k]) for k in props),
              n["id"] + ": properties carried through with their types")
    edges = data["graph"]["edges"]
    check(len(edges) == len(doc.get("edges", [])), "one graph edge per level edge")
    for e, d in zip(edges, doc.get("edges", [])):
        check(e["from"] == d["from"] and e["to"] == d["to"], "edge ends")
        check(e["bidirectional"] == d.get("bidirectional", True), "edge direction explicit")
        expected = d.get("cost", dist(where[d["from"]], where[d["to"]]))
        check(abs(e["cost"] - expected) <= 1e-12 * max(1, expected), "edge cost resolved (given or Euclidean)")
    check([o["id"] for o in data["obstacles"]] == [o["id"] for o in doc.get("obstacles", [])], "every obstacle exported")

    for path in data["rails"] + data["patrols"]:
        rows = path["samples"]
        spacing, length = path["spacing"], path["length"]
        check(rows[0][0] == 0, path["id"] + ": first sample at s = 0")
        check(rows[-1][0] == length, path["id"] + ": last sample at s = length")
        for i, row in enumerate(rows):
            check(abs(math.sqrt(row[4] ** 2 + row[5] ** 2 + row[6] ** 2) - 1) < 1e-12, path["id"] + ": unit tangent")
            if 0 < i < len(rows) - 1 and path in data["rails"]:
                check(abs(row[0] - rows[i - 1][0] - spacing) < 1e-9, path["id"] + ": equal steps")
            if i > 0:
                chord = dist(row[1:4], rows[i - 1][1:4])
                check(chord <= row[0] - rows[i - 1][0] + 1e-9, path["id"] + ": chord never longer than the arc step")

    for rail in data["rails"]:
        for row in rail["samples"]:
            up, t = row[7:10], row[4:7]
            check(abs(math.sqrt(sum(x * x for x in up)) - 1) < 1e-9, rail["id"] + ": unit up")
            check(abs(sum(up[k] * t[k] for k in range(3))) < 1e-9, rail["id"] + ": up orthogonal to the tangent")
        knots = rail["bezier"]
        source_rail = next(r for r in doc["rails"] if r["id"] == rail["id"])
        check(len(knots) == len(source_rail["points"]), rail["id"] + ": one knot per control point")
        for knot, point in zip(knots, source_rail["points"]):
            at = point["at"] if isinstance(point, dict) else point  # bezier rails: {at, in, out, mode, tilt}
            check(dist(knot[0], at + [0] * (3 - len(at))) == 0, rail["id"] + ": knots sit on the control points")
        tilts = [p.get("tilt", 0) if isinstance(p, dict) else 0 for p in source_rail["points"]]
        check(rail.get("tilt", [0] * len(knots)) == tilts and ("tilt" in rail) == any(tilts),
              rail["id"] + ": tilt per knot, present when any knot has one")
        if not rail["closed"]:
            check(knots[0][1] == knots[0][0] and knots[-1][2] == knots[-1][0], rail["id"] + ": open ends have no outer handles")
        count = len(knots) if rail["closed"] else len(knots) - 1
        dense, knot_s = [], [0.0]
        for i in range(count):
            a, b = knots[i], knots[(i + 1) % len(knots)]
            piece = [bezier(a[0], a[2], b[1], b[0], j / 2000) for j in range(2001)]
            knot_s.append(knot_s[-1] + polyline_length(piece))
            dense += piece[::10]
        # knot_s against the dense polyline's arc length (chord error ~1e-7 relative at 2000 steps).
        check(len(rail["knot_s"]) == len(knots), rail["id"] + ": one knot_s per knot")
        worst_s = max(abs(a - b) for a, b in zip(rail["knot_s"], knot_s))
        check(worst_s < 1e-5 * rail["length"], rail["id"] + ": knot_s is the arc length at each knot (off by %g)" % worst_s)
        check(abs(knot_s[-1] - rail["length"]) < 1e-5 * rail["length"], rail["id"] + ": length is the curve's arc length")
        # Every 7th sample against the chords of the dense curve (chord error < 1e-4 at this density).
        worst = max(dist_to_polyline(row[1:4], dense) for row in rail["samples"][::7])
        check(worst < 1e-3, rail["id"] + ": samples lie on the curve the Bezier knots describe (off by %g)" % worst)

    for patrol in data["patrols"]:
        source_patrol = next(p for p in doc["patrols"] if p["id"] == patrol["id"])
        stops = source_patrol["stops"]
        mode = source_patrol.get("mode", "loop")
        visits = stops + [stops[0]] if mode == "loop" else stops + stops[-2::-1] if mode == "pingpong" else stops
        check([v["waypoint"] for v in patrol["stops"]] == visits, patrol["id"] + ": every visit of a stop, in order")
        s = [v["s"] for v in patrol["stops"]]
        check(s[0] == 0 and s == sorted(s) and s[-1] == patrol["length"], patrol["id"] + ": stop s from 0 to length")
        rows = patrol["samples"]
        spacing = patrol["spacing"]
        # A row at every stop, exactly at the waypoint: an agent interpolating the rows waits there.
        for v in patrol["stops"]:
            row = min(rows, key=lambda r: abs(r[0] - v["s"]))
            check(row[0] == v["s"] and dist(row[1:4], where[v["waypoint"]]) < 1e-9,
                  patrol["id"] + ": a row at stop %s, at its s and on the waypoint" % v["waypoint"])
        # A row at every vertex of the routed path (corners too): consecutive rows are joined by the
        # path itself, so each chord equals its arc step, and the rows between vertices keep the spacing.
        route = subprocess.run([cli, "route", level, "--patrol", patrol["id"]], capture_output=True, text=True)
        vertices = [list(map(float, line.split(",")[1:4])) for line in route.stdout.splitlines()[1:] if line]
        check(route.returncode == 0 and all(any(dist(r[1:4], v) < 1e-9 for r in rows) for v in vertices),
              patrol["id"] + ": a row at every vertex of the routed path")
        for a, b in zip(rows, rows[1:]):
            check(b[0] > a[0], patrol["id"] + ": s increases row by row")
            check(abs(dist(a[1:4], b[1:4]) - (b[0] - a[0])) < 1e-9 * max(1, b[0]),
                  patrol["id"] + ": between rows the path is straight (chord = arc step)")
            check(b[0] - a[0] <= spacing + 1e-9, patrol["id"] + ": no step longer than the spacing")
        multiples = {round(k * spacing, 9) for k in range(int(patrol["length"] / spacing) + 1)}
        present = {round(r[0], 9) for r in rows}
        check(multiples <= present, patrol["id"] + ": a row at every multiple of the spacing")
        steps = [st for st in source_patrol.get("smoothing", []) if st.get("enabled", True)]
        check([p["strategy"] for p in patrol["pipeline"]] == [st["strategy"] for st in steps], patrol["id"] + ": its pipeline")


with tempfile.TemporaryDirectory() as tmp:
    # The demo, a level of banked Bezier rails with handles in every mode, and the engine test's level.
    for name in ("resources/levels/demo.yaml", "resources/levels/banked.yaml", "tests/data/levels/engine.yaml"):
        check_export(tmp, os.path.join(source, name))
    level = os.path.join(source, "resources/levels/demo.yaml")
    bad = subprocess.run([cli, "export", level, "-o", os.path.join(tmp, "x.yaml"), "--spacing", "-1"], capture_output=True)
    check(bad.returncode == 2, "negative spacing is a usage error")
    check(not os.path.exists(os.path.join(tmp, "x.yaml")), "no file written on a usage error")
    for name, extra in (("x.txt", []), ("x", []), ("x.json", ["--format", "xml"])):
        bad = subprocess.run([cli, "export", level, "-o", os.path.join(tmp, name), *extra], capture_output=True, text=True)
        check(bad.returncode == 2 and "json" in bad.stderr, "-o %s %s is a usage error naming the formats" % (name, extra))
        check(not os.path.exists(os.path.join(tmp, name)), "no file written for " + name)
    for name in ("upper.JSON", "short.yml"):
        check(os.path.exists(export(tmp, level, name)), name + " picks its format from the extension")
    broken = os.path.join(source, "tests/data/levels/broken.yaml")
    keep = os.path.join(tmp, "keep.yaml")
    with open(keep, "w") as f:
        f.write("previous export\n")
    bad = subprocess.run([cli, "export", broken, "-o", keep], capture_output=True, text=True)
    check(bad.returncode == 3, "a broken level exits 3")
    check(open(keep).read() == "previous export\n", "a failed export leaves the old file as it was")

finish()
