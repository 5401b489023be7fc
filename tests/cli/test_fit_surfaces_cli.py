#!/usr/bin/env python3
"""`railforge-cli fit-heights` among surfaces and forces (docs/ui.md "Fit heights"), on the quarry
level (tests/data/levels/quarry): a slab deck over a ravine, a rail drawn onto it, one off its far
edge, one under it, and one off a ledge too close to the deck's edge to pass under it. Checked without
the fit's code: `sample` reads each fitted rail every 0.1 m and every sample is tested against every
triangle of the level's mesh (the clearance above the surface under it, the headroom under any over
it); the vertical force at 10 m/s comes from the sampled positions by finite differences every 0.25 m;
the points are counted; `validate` names the rail drawn through the deck; `bank --max-roll-rate` on a
fitted rail rolls no faster than the limit.
Usage: test_fit_surfaces_cli.py RAILFORGE_CLI SOURCE_DIR"""
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
QUARRY = os.path.join(source, "tests", "data", "levels", "quarry")
CLEARANCE, HEADROOM, GRADE, SPEED, MIN_G, MAX_G = 1.5, 2.5, 20.0, 10.0, -0.5, 3.5


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)


def samples(level, rail, spacing):
    r = run("sample", level, "--rail", rail, "--spacing", str(spacing))
    return [{k: float(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(r.stdout))]


def triangles(path):
    vertices, out = [], []
    for line in open(path):
        parts = line.split()
        if parts and parts[0] == "v":
            vertices.append(tuple(float(v) for v in parts[1:4]))
        elif parts and parts[0] == "f":
            out.append(tuple(vertices[int(p.split("/")[0]) - 1] for p in parts[1:4]))
    return out


def heights_at(tris, x, y):
    """Every triangle's height at (x, y) where (x, y) is inside it seen from above (walls are none)."""
    out = []
    for a, b, c in tris:
        d = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
        if abs(d) < 1e-12:
            continue
        u = ((b[1] - c[1]) * (x - c[0]) + (c[0] - b[0]) * (y - c[1])) / d
        v = ((c[1] - a[1]) * (x - c[0]) + (a[0] - c[0]) * (y - c[1])) / d
        w = 1 - u - v
        if min(u, v, w) >= -1e-9:
            out.append(u * a[2] + v * b[2] + w * c[2])
    return out


def worst_room(tris, rows):
    """The least clearance over the surface under each sample and the least headroom under one over it."""
    clearance = headroom = math.inf
    for p in rows:
        hs = heights_at(tris, p["x"], p["y"])
        under = [h for h in hs if h <= p["z"] + 1e-9]
        over = [h for h in hs if h > p["z"] + 1e-9]
        clearance = min(clearance, p["z"] - max(under)) if under else -math.inf
        if over:
            headroom = min(headroom, min(over) - p["z"])
    return clearance, headroom


def vertical_g(rows, speed):
    """The rider's vertical force at each inner sample, from the positions alone (arc length h apart)."""
    out = []
    for i in range(1, len(rows) - 1):
        a, p, b = rows[i - 1], rows[i], rows[i + 1]
        h0, h1 = p["s"] - a["s"], b["s"] - p["s"]
        if abs(h0 - h1) > 1e-9:
            continue  # the last, shorter step
        t = [(b[k] - a[k]) / (2 * h0) for k in "xyz"]
        n = math.sqrt(sum(v * v for v in t))
        t = [v / n for v in t]
        c = math.hypot(t[0], t[1])
        up = [-t[2] * t[0] / c, -t[2] * t[1] / c, c]
        bend = [(b[k] - 2 * p[k] + a[k]) / (h0 * h0) for k in "xyz"]
        out.append((p["s"], c + speed * speed * sum(u * v for u, v in zip(up, bend)) / 9.81))
    return out


with tempfile.TemporaryDirectory() as tmp:
    for name in ("quarry.yaml", "quarry.obj"):
        shutil.copy(os.path.join(QUARRY, name), tmp)
    level = os.path.join(tmp, "quarry.yaml")
    tris = triangles(os.path.join(tmp, "quarry.obj"))

    # As drawn, `onto` cuts through the deck's west edge and `off` through its east edge: validate says so.
    r = run("validate", level)
    said = r.stdout + r.stderr
    check("rail onto passes through a surface" in said and "rail off passes through a surface" in said,
          "validate names the rails drawn through the deck", found=said)
    check("rail under passes through" not in said, "the rail drawn under the deck is not said to pass through it",
          found=said)

    drawn = {"onto": 6, "off": 7, "under": 10}
    fitted = level
    for rail, points in drawn.items():
        out = os.path.join(tmp, "fitted-%s.yaml" % rail)
        r = run("fit-heights", fitted, "--rail", rail, "--clearance", str(CLEARANCE), "--max-grade", str(GRADE),
                "--speed", str(SPEED), "-o", out)
        check(r.returncode == 0, "%s: fit-heights exits 0" % rail, found=r.stderr)
        check("vertical force" in r.stderr and "at 10 m/s" in r.stderr, "%s: says the forces" % rail, found=r.stderr)
        fitted = out
        rows = samples(fitted, rail, 0.1)
        clearance, headroom = worst_room(tris, rows)
        check(clearance >= CLEARANCE - 1e-6, "%s: at least the clearance above the surface under every 0.1 m" % rail,
              expected=CLEARANCE, found=clearance)
        check(headroom >= HEADROOM - 1e-6, "%s: at least the headroom under any surface over it" % rail,
              expected=HEADROOM, found=headroom)
        forces = vertical_g(samples(fitted, rail, 0.25), SPEED)
        least, most = min(g for _, g in forces), max(g for _, g in forces)
        check(least >= MIN_G - 1e-3 and most <= MAX_G + 1e-3, "%s: vertical force within [-0.5, 3.5] g every 0.25 m"
              % rail, found=(least, most))
        pitch = max(math.degrees(math.atan2(abs(p["tz"]), math.hypot(p["tx"], p["ty"]))) for p in rows)
        check(pitch <= GRADE + 0.01, "%s: nowhere steeper than the grade" % rail, found=pitch)
        text = open(fitted).read()
        block = text[text.index("id: %s" % rail):]
        block = block[:block.index("\n  - id:")] if "\n  - id:" in block else block
        count = block.count("{at: [")
        check("type: bezier" in block and 0 < count <= 3 * points,
              "%s: a Bezier rail of at most 3x the drawn points" % rail, expected=3 * points, found=count)

    # Over or under as drawn: `onto` ends on the deck, `under` stays under it all the way across.
    onto = samples(fitted, "onto", 1.0)
    check(onto[-1]["z"] >= 6 + CLEARANCE - 1e-6, "onto rides over the deck", found=onto[-1]["z"])
    under = samples(fitted, "under", 0.5)
    deck = [p for p in under if 40 < p["x"] < 120]
    check(deck and max(p["z"] for p in deck) <= 5 - HEADROOM + 1e-6, "under stays under the deck",
          found=max(p["z"] for p in deck))
    r = run("validate", fitted)
    said = r.stdout + r.stderr
    check(not any("rail %s " % rail in said for rail in drawn), "the fitted rails draw no warning", found=said)

    # `tight` comes off the ledge 3 m before the deck's edge: no profile within 20 degrees gets under it.
    out = os.path.join(tmp, "tight.yaml")
    r = run("fit-heights", level, "--rail", "tight", "--clearance", str(CLEARANCE), "--max-grade", str(GRADE),
            "--speed", str(SPEED), "-o", out)
    check(r.returncode == 1, "a stretch nothing within the grade can pass: exit 1", found=(r.returncode, r.stderr))
    check("cannot pass under the surface at z 5 at s 3" in r.stderr and "needs 45" in r.stderr
          and "or a lower approach" in r.stderr, "says where, under what, and the grade that would do", found=r.stderr)
    clearance, _ = worst_room(tris, samples(out, "tight", 0.1))
    check(clearance >= CLEARANCE - 1e-6, "tight: the clearance is still kept everywhere", found=clearance)
    r = run("fit-heights", level, "--rail", "tight", "--clearance", str(CLEARANCE), "--max-grade", "50",
            "--speed", str(SPEED), "-o", out)
    check(r.returncode == 0, "at 50 degrees it passes under", found=r.stderr)

    # Banked for 10 m/s with the roll-rate limit: no two places 1 m apart differ by more than 10 degrees.
    for rail in ("onto", "off"):
        banked = os.path.join(tmp, "banked-%s.yaml" % rail)
        r = run("bank", fitted, "--rail", rail, "--speed", str(SPEED), "--max-bank", "30", "--max-roll-rate", "10",
                "-o", banked)
        check(r.returncode == 0, "%s: bank writes" % rail, found=r.stderr)
        rows = [(float(row["s"]), float(row["bank"])) for row in csv.DictReader(io.StringIO(
            run("profile", banked, "--rail", rail, "--spacing", "0.25", "--speed", str(SPEED)).stdout))]
        roll = max(abs(rows[i + 4][1] - rows[i][1]) for i in range(len(rows) - 4))
        check(roll <= 10 + 1e-6, "%s: no two places 1 m apart differ by more than 10 degrees of bank" % rail,
              found=roll)
        check(max(abs(b) for _, b in rows) > 1, "%s: the turns are banked" % rail, found=max(abs(b) for _, b in rows))
        check(max(abs(b) for _, b in rows) <= 30 + 1e-6, "%s: no place over the max bank" % rail)

    # The options a designer gets wrong.
    r = run("fit-heights", level, "--rail", "onto", "--clearance", "1.5", "--max-grade", "20", "--max-g", "0.5",
            "-o", out)
    check(r.returncode == 3 and "more than 1 g" in r.stderr, "a most force under 1 g is refused", found=r.stderr)
    r = run("fit-heights", "--help")
    check(all(o in r.stdout for o in ("--headroom", "--speed", "--min-g", "--max-g", "--tolerance")),
          "--help names every option", found=r.stdout)

finish()
