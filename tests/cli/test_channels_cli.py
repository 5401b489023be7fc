#!/usr/bin/env python3
"""Channels in the engine export and in `railforge-cli sample --channels`, against a reference written
here from docs/design.md "Data along rails" (not from the C++): for every channel of a level with
float (linear and smoothstep), int, bool, string, colour and event channels on an open and a closed
rail, the exported keys are the file's keys at their arc lengths, and `samples` hold the reference
value at each row's s; `sample --channels` has the same values in its columns (events on the first
row at or after them). The export validates against export.schema.json.
Usage: test_channels_cli.py RAILFORGE_CLI SOURCE_DIR"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]

LEVEL = """railforge: 1
level: {name: Channels, units: m}
rails:
  - id: cart
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 0, 0], [10, 0, 2], [20, 5, 0], [30, 0, 1]]
    channels:
      speed: {type: float, interp: linear, keys: [{point: 0, value: 12}, {s: 15.5, value: 20}, {point: 3, value: 4}]}
      ease: {type: float, interp: smoothstep, keys: [{s: 3, value: -1}, {point: 2, value: 5}]}
      lane: {type: int, keys: [{point: 1, value: 2}, {point: 2, value: -3}]}
      brakes: {type: bool, keys: [{point: 0, value: false}, {s: 21, value: true}]}
      zone: {type: string, keys: [{s: 0, value: "mine, shaft"}, {point: 2, value: yard}]}
      lights: {type: colour, interp: linear, keys: [{point: 0, value: "#FF8800"}, {point: 3, value: "#0000FF80"}]}
      sounds: {type: event, keys: [{s: 10, value: whoosh}, {point: 3, value: bell}]}
  - id: loop
    closed: true
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 0, 0], [20, 0, 0], [20, 20, 4], [0, 20, 0]]
    channels:
      speed: {type: float, interp: linear, keys: [{point: 1, value: 10}, {point: 3, value: 30}]}
      glow: {type: colour, interp: smoothstep, keys: [{point: 0, value: "#000000"}, {point: 2, value: "#FFFFFF"}]}
      lane: {type: int, keys: [{point: 2, value: 7}, {point: 3, value: 1}]}
"""


def reference(kind, interp, keys, s, length, closed):
    """The value at s as the design says, scanning every key (keys: [(s, value)])."""
    before = [k for k in keys if k[0] <= s]
    after = [k for k in keys if k[0] > s]
    a = max(before, key=lambda k: k[0]) if before else None
    b = min(after, key=lambda k: k[0]) if after else None
    if closed:
        if a is None:
            last = max(keys, key=lambda k: k[0])
            a = (last[0] - length, last[1])
        if b is None:
            first = min(keys, key=lambda k: k[0])
            b = (first[0] + length, first[1])
    if a is None:
        return b[1]
    if b is None or interp == "step" or kind not in ("float", "colour"):
        return a[1]
    w = (s - a[0]) / (b[0] - a[0])
    if interp == "smoothstep":
        w = w * w * (3 - 2 * w)
    if kind == "colour":
        return [x + (y - x) * w for x, y in zip(a[1], b[1])]
    return a[1] + (b[1] - a[1]) * w


def close(x, y):
    if isinstance(x, list):
        return len(x) == len(y) and all(abs(p - q) <= 1e-9 for p, q in zip(x, y))
    if isinstance(x, float) or isinstance(y, float):
        return abs(x - y) <= 1e-9
    return x == y


with tempfile.TemporaryDirectory() as tmp:
    level = os.path.join(tmp, "channels.yaml")
    with open(level, "w") as f:
        f.write(LEVEL)
    out = os.path.join(tmp, "channels.json")
    result = subprocess.run([cli, "export", level, "-o", out, "--spacing", "0.7"], capture_output=True, text=True)
    check(result.returncode == 0, "export succeeds: " + result.stderr)
    schema = subprocess.run([cli, "validate", "--export", out], capture_output=True, text=True)
    check(schema.returncode == 0, "the export validates against export.schema.json: " + schema.stdout + schema.stderr)
    exported = json.load(open(out))
    rails = {r["id"]: r for r in exported["rails"]}
    check(set(rails["cart"]["channels"]) == {"speed", "ease", "lane", "brakes", "zone", "lights", "sounds"},
          "every channel of the open rail is exported")
    cart = rails["cart"]
    check(cart["channels"]["speed"]["keys"][1] == [15.5, 20], "an arc-length key keeps its s")
    check(abs(cart["channels"]["speed"]["keys"][2][0] - cart["length"]) < 1e-9, "the last point's key sits at the rail's end")
    check(abs(cart["channels"]["lane"]["keys"][0][0] - cart["knot_s"][1]) < 1e-12, "a point key sits at its knot's s")
    check("samples" not in cart["channels"]["sounds"] and "interp" not in cart["channels"]["sounds"],
          "events are their keys: no samples, no interpolation")
    compared = 0
    for rail in rails.values():
        for name, channel in rail["channels"].items():
            if channel["type"] == "event":
                continue
            keys = [(k[0], k[1]) for k in channel["keys"]]
            check(len(channel["samples"]) == len(rail["samples"]), f"{rail['id']}.{name}: one sample per row")
            bad = [row[0] for row, value in zip(rail["samples"], channel["samples"])
                   if not close(value, reference(channel["type"], channel["interp"], keys, row[0], rail["length"], rail["closed"]))]
            compared += len(channel["samples"])
            check(not bad, f"{rail['id']}.{name}: every sample is the reference value ({len(bad)} differ, first at s = {bad[:1]})")
    check(compared > 500, f"the samples were compared ({compared})")
    # Across the seam of the closed loop: from point 3 (30) back to point 1 (10) through s = 0.
    loop = rails["loop"]
    s3 = loop["knot_s"][3]
    mid = [i for i, row in enumerate(loop["samples"]) if row[0] > s3]
    check(mid and all(10 <= loop["channels"]["speed"]["samples"][i] <= 30 for i in mid), "the closed loop blends across its seam")

    # sample --channels: the same values, one column each, after uz.
    sampled = subprocess.run([cli, "sample", level, "--rail", "cart", "--spacing", "0.7", "--channels"],
                             capture_output=True, text=True)
    check(sampled.returncode == 0, "sample --channels succeeds: " + sampled.stderr)
    table = list(csv.reader(io.StringIO(sampled.stdout)))
    header = table[0]
    check(header[:10] == ["s", "x", "y", "z", "tx", "ty", "tz", "ux", "uy", "uz"] and
          header[10:] == ["speed", "ease", "lane", "brakes", "zone", "lights", "sounds"], "columns named by the channels: " + ",".join(header))
    body = table[1:]
    check(len(body) == len(cart["samples"]), "one CSV row per exported row")
    col = {name: header.index(name) for name in header[10:]}
    speed_ok = all(abs(float(r[col["speed"]]) - v) <= 1e-9 for r, v in zip(body, cart["channels"]["speed"]["samples"]))
    check(speed_ok, "the speed column is the exported speed samples")
    check(all(r[col["lane"]] == str(v) for r, v in zip(body, cart["channels"]["lane"]["samples"])), "ints as integers")
    check(all(r[col["brakes"]] == ("true" if v else "false") for r, v in zip(body, cart["channels"]["brakes"]["samples"])), "bools as true/false")
    check(body[0][col["zone"]] == "mine, shaft", "a string with a comma is one CSV field")
    check(body[0][col["lights"]] == "#FF8800FF", "colours as #RRGGBBAA")
    events = [(float(r[0]), r[col["sounds"]]) for r in body if r[col["sounds"]]]
    check([e[1] for e in events] == ["whoosh", "bell"], "each event once: " + str(events))
    check(events[0][0] >= 10 and events[0][0] - 10 < 0.7 + 1e-9, "an event on the first row at or after it")
finish()
