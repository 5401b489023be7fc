#!/usr/bin/env python3
"""`railforge --screenshot OUT --view plan` draws the level's references: on the Hills level (a terrain
mesh shaded as a relief, a site plan image over it) the plan's picture is mostly the references' many
colours, not the empty canvas' one background, every time (the relief is read off the UI thread, so a
picture taken before it lands would be the bare canvas). The PNG is decoded here with zlib alone.
Usage: test_screenshot_plan.py RAILFORGE SOURCE_DIR"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

from checklist import check, finish

editor, source = sys.argv[1], sys.argv[2]
HILLS = os.path.join(source, "resources", "levels", "hills.yaml")


def pixels(path):
    """The RGB(A) rows of an 8-bit, non-interlaced PNG, as lists of (r, g, b) tuples."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width = 8, b"", 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return rows


with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for attempt in range(3):
        out = os.path.join(tmp, "plan-%d.png" % attempt)
        r = subprocess.run([editor, "--screenshot", out, "--view", "plan", HILLS], capture_output=True, text=True,
                           timeout=300, env=env)
        check(r.returncode == 0 and os.path.exists(out), "the plan's screenshot is written", found=r.stdout + r.stderr)
        if not os.path.exists(out):
            continue
        rows = pixels(out)
        counts = {}
        for row in rows[::4]:
            for p in row[::4]:
                counts[p] = counts.get(p, 0) + 1
        total = sum(counts.values())
        background = max(counts.values()) / total
        check(len(counts) > 500 and background < 0.8,
              "shot %d: the terrain's relief and the site plan are drawn (many colours, no canvas-wide background)"
              % attempt, found=(len(counts), background))

finish()
