#!/usr/bin/env python3
"""Writes the viaduct test level's scenery (up is z): terrain.obj, a valley floor at z 0 rising to
plateaus at z 12 on both sides with a ravine 6 deep between x 90 and 130; deck.obj, a bridge deck at
z 12 over the ravine (y -3..3, x 88..132) as a reference of its own (drawn in its colour); and
site.png, an 8-bit greyscale site plan over the whole terrain (a light road along y = 0, dark
squares every 20 m), to be draped over the ground. The 3D view's golden image uses them."""
import struct
import zlib


def ground(x, y):
    if x < 60:
        return 0.02 * abs(y)
    if x < 90:
        return (x - 60) / 30 * 12
    if x < 130:
        return -6.0
    return 12.0


def write_obj(name, header, vertices, faces):
    lines = [header] + ["v %g %g %g" % v for v in vertices] + ["f %d %d %d" % f for f in faces]
    with open(name, "w") as f:
        f.write("\n".join(lines) + "\n")


xs = sorted(set(list(range(0, 201, 10)) + [89.999, 90.001, 129.999, 130.001]))
ys = list(range(-40, 41, 10))
vertices, faces, index = [], [], {}
for j, y in enumerate(ys):
    for i, x in enumerate(xs):
        index[(i, j)] = len(vertices) + 1
        vertices.append((x, y, ground(x, y)))
for j in range(len(ys) - 1):
    for i in range(len(xs) - 1):
        a, b, c, d = index[(i, j)], index[(i + 1, j)], index[(i, j + 1)], index[(i + 1, j + 1)]
        faces += [(a, b, d), (a, d, c)]
write_obj("terrain.obj", "# The viaduct's terrain, written by make_viaduct.py: up is z.", vertices, faces)
write_obj("deck.obj", "# The viaduct's bridge deck, written by make_viaduct.py: up is z.",
          [(88, -3, 12), (132, -3, 12), (132, 3, 12), (88, 3, 12)], [(1, 2, 3), (1, 3, 4)])

# site.png: 200 x 80 pixels, one per metre over [0, -40] - [200, 40]; row 0 is the north edge (y 40).
width, height = 200, 80
rows = []
for row in range(height):
    y = 40 - row - 0.5
    line = bytearray([0])  # filter: none
    for col in range(width):
        x = col + 0.5
        value = 170
        if abs(y) < 2.5:
            value = 235  # the road
        elif int(x // 20) % 2 == 0 and int((y + 40) // 20) % 2 == 0:
            value = 110  # the squares
        line.append(value)
    rows.append(bytes(line))


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
with open("site.png", "wb") as f:
    f.write(png)
