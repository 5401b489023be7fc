#!/usr/bin/env python3
"""railforge-cli plugins and smooth as a tools programmer checks them: the four strategies listed with
their parameters, and smooth's output equal to the definitions of docs/design.md (smoothing_reference.py) on
random paths (2D and 3D, open and closed, with repeats, reversals and straight runs) for every
combination of a grid of parameter values. Chaikin, line-of-sight and simplify must agree bit for bit
(the CSV carries 17 significant digits); Catmull-Rom, evaluated another way, to 1e-9.
Usage: test_smooth_cli.py RAILFORGE_CLI"""
import itertools
import json
import math
import os
import random
import subprocess
import sys
import tempfile

import smoothing_reference as ref
from checklist import check, finish

cli = sys.argv[1]


def smooth(strategy, params, points, closed, dims, level=None):
    """Runs railforge-cli smooth on points written with `dims` coordinates; returns 3D tuples."""
    text = "".join(",".join(repr(c) for c in p[:dims]) + "\n" for p in points)
    args = [cli, "smooth", "--strategy", strategy]
    for name, value in params.items():
        text_value = str(value).lower() if isinstance(value, bool) else value if isinstance(value, str) else repr(value)
        args += ["--param", "%s=%s" % (name, text_value)]
    if closed:
        args.append("--closed")
    if level:
        args += ["--level", level]
    result = subprocess.run(args, input=text, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (" ".join(args), result.returncode, result.stderr))
    lines = result.stdout.splitlines()
    if points and lines[0] != ("x,y" if dims == 2 else "x,y,z"):  # (an empty input has no dimension)
        raise RuntimeError("header %r for %dD input" % (lines[0], dims))
    rows = [tuple(float(v) for v in line.split(",")) for line in lines[1:]]
    return [r + (0.0,) if dims == 2 else r for r in rows]


def random_path(rng, dims):
    """Continuous coordinates, or a coarse grid walk full of right angles, reversals, repeats and
    straight runs."""
    n = rng.randrange(0, 4) if rng.random() < 0.15 else rng.randrange(4, 40)
    if rng.random() < 0.5:
        return [(rng.uniform(-10, 10), rng.uniform(-10, 10), rng.uniform(-10, 10) if dims == 3 else 0.0)
                for _ in range(n)]
    at, path = [0.0, 0.0, 0.0], []
    for _ in range(n):
        for k in range(dims):
            at[k] += rng.choice([-1.0, 0.0, 1.0])
        path.append(tuple(at))
    return path


def first_difference(got, want, tolerance=0.0):
    if len(got) != len(want):
        return "sizes %d vs %d" % (len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        if any(abs(g[k] - w[k]) > tolerance * (1 + abs(w[k])) for k in range(3)):
            return "point %d: %r vs %r" % (i, g, w)
    return None


def compare_runs(strategy, grid, reference, tolerance=0.0, level=None, paths_per_combination=2):
    """Every combination of the grid's values, on random paths, against the reference."""
    rng = random.Random(strategy)
    names = list(grid)
    combinations = list(itertools.product(*grid.values()))
    mismatches = 0
    for values in combinations:
        params = dict(zip(names, values))
        for _ in range(paths_per_combination):
            dims, closed = rng.choice([2, 3]), rng.random() < 0.5
            want = None
            while want is None:  # an input whose decisions sit on a threshold says nothing: draw again
                path = random_path(rng, dims)
                try:
                    want = reference(path, closed, params)
                except ref.Ambiguous:
                    continue
            got = smooth(strategy, params, path, closed, dims, level)
            problem = first_difference(got, want, tolerance)
            if problem:
                mismatches += 1
                print("  %s %s closed=%s %dD n=%d: %s" % (strategy, params, closed, dims, len(path), problem))
    check(mismatches == 0, "%s equals the reference for %d parameter combinations" % (strategy, len(combinations)))


# ---- plugins --json ----

listed = subprocess.run([cli, "plugins", "--json"], capture_output=True, text=True)
check(listed.returncode == 0, "plugins --json exits 0")
strategies = {s["id"]: s for s in json.loads(listed.stdout)}
expected_parameters = {
    "chaikin": ["iterations", "ratio", "angleLimit", "rejectOutliers", "outlierAngle"],
    "catmull-rom": ["subdivisions", "alpha", "endpoints"],
    "line-of-sight": ["radius"],
    "simplify": ["epsilon"],
}
for sid, parameters in expected_parameters.items():
    s = strategies.get(sid, {})
    check(all(s.get(key) for key in ("name", "description", "version")), "%s has a name, description and version" % sid)
    check([p["name"] for p in s.get("parameters", [])] == parameters, "%s lists its parameters %s" % (sid, parameters))
    for p in s.get("parameters", []):
        check(p["type"] in ("int", "double", "bool", "enum") and "default" in p and p.get("label"),
              "%s.%s has a type, a default and a label" % (sid, p["name"]))

# ---- smooth, strategy by strategy ----

compare_runs(
    "chaikin",
    {"iterations": [0, 1, 2, 3], "ratio": [0.01, 0.25, 0.5], "angleLimit": [0.0, 30.0, 90.0, 180.0],
     "rejectOutliers": [False, True], "outlierAngle": [45.0, 90.0]},
    lambda p, closed, o: ref.chaikin(p, closed, o["iterations"], o["ratio"], o["angleLimit"],
                                     o["rejectOutliers"], o["outlierAngle"]))

compare_runs(
    "catmull-rom",
    {"subdivisions": [1, 2, 8], "alpha": [0.0, 0.3, 0.5, 1.0], "endpoints": ["duplicate", "reflect"]},
    lambda p, closed, o: ref.catmull_rom(p, closed, o["subdivisions"], o["alpha"], o["endpoints"]),
    tolerance=1e-9, paths_per_combination=4)

compare_runs(
    "simplify",
    {"epsilon": [0.0, 0.1, 1.0, 4.0, 100.0]},
    lambda p, closed, o: ref.simplify(p, closed, o["epsilon"]),
    paths_per_combination=12)

# Line of sight needs a level for its obstacles: circles and star-shaped polygons among the paths.
rng = random.Random(7)
obstacles = []
lines = ["railforge: 1", "level: {name: Obstacles}", "obstacles:"]
for i in range(14):
    cx, cy, r = rng.uniform(-10, 10), rng.uniform(-10, 10), rng.uniform(0.3, 2.0)
    if i % 2:
        obstacles.append(("circle", (cx, cy), r))
        lines.append("  - {id: c%d, circle: {center: [%r, %r], radius: %r}}" % (i, cx, cy, r))
    else:
        corners = [(cx + r * (0.5 + 0.5 * (k % 2)) * math.cos(k * math.pi / 4),
                    cy + r * (0.5 + 0.5 * (k % 2)) * math.sin(k * math.pi / 4)) for k in range(8)]
        obstacles.append(("polygon", corners))
        lines.append("  - {id: p%d, polygon: [%s]}" % (i, ", ".join("[%r, %r]" % c for c in corners)))
with tempfile.TemporaryDirectory() as tmp:
    level = os.path.join(tmp, "obstacles.yaml")
    with open(level, "w") as f:
        f.write("\n".join(lines) + "\n")
    compare_runs(
        "line-of-sight",
        {"radius": [0.0, 0.25, 0.5, 1.5]},
        lambda p, closed, o: ref.line_of_sight(p, closed, lambda a, b: ref.is_clear(a, b, obstacles, o["radius"])),
        level=level, paths_per_combination=15)

finish()
