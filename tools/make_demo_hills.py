#!/usr/bin/env python3
"""Writes the demo level's references (resources/levels/hills/): a terrain mesh (hills.gltf, glTF 2.0
with its buffer embedded as base64, y up as glTF is) and a site plan image (plan.png) to trace over.
Both are made here from formulas, so the repository holds how they were made. Run from anywhere:
  python3 tools/make_demo_hills.py"""
import base64
import json
import math
import os
import struct
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources", "levels", "hills")
SIZE = 120.0  # metres, the terrain covers [0, SIZE] x [0, SIZE]
CELLS = 48


def height(x, y):
    """Two hills and a valley the river runs along, in metres."""
    hill = 18 * math.exp(-((x - 38) ** 2 + (y - 78) ** 2) / 500) + 11 * math.exp(-((x - 88) ** 2 + (y - 40) ** 2) / 380)
    valley = -3 * math.exp(-((y - 0.35 * x - 20) ** 2) / 60)
    return 2 + hill + valley + 0.6 * math.sin(x * 0.21) * math.cos(y * 0.17)


def terrain_gltf(path):
    n = CELLS + 1
    positions = []
    for j in range(n):
        for i in range(n):
            x, y = SIZE * i / CELLS, SIZE * j / CELLS
            positions.append((x, height(x, y), -y))  # glTF: y up, the level's y is -z
    indices = []
    for j in range(CELLS):
        for i in range(CELLS):
            a = j * n + i
            indices += [a, a + 1, a + n + 1, a, a + n + 1, a + n]
    index_bytes = b"".join(struct.pack("<H", k) for k in indices)
    index_bytes += b"\0" * (-len(index_bytes) % 4)
    vertex_bytes = b"".join(struct.pack("<3f", *p) for p in positions)
    buffer = index_bytes + vertex_bytes
    doc = {
        "asset": {"version": "2.0", "generator": "tools/make_demo_hills.py"},
        "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0, "name": "hills"}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 1}, "indices": 0}]}],
        "buffers": [{"byteLength": len(buffer),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(buffer).decode()}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(indices) * 2, "target": 34963},
                        {"buffer": 0, "byteOffset": len(index_bytes), "byteLength": len(vertex_bytes), "target": 34962}],
        "accessors": [{"bufferView": 0, "componentType": 5123, "count": len(indices), "type": "SCALAR"},
                      {"bufferView": 1, "componentType": 5126, "count": len(positions), "type": "VEC3",
                       "min": [min(p[k] for p in positions) for k in range(3)],
                       "max": [max(p[k] for p in positions) for k in range(3)]}],
    }
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))


def plan_png(path, pixels=240):
    """A site plan: the river, the road to the mine, the forest, on a transparent ground."""
    rows = []
    for r in range(pixels):
        row = bytearray()
        for c in range(pixels):
            x, y = SIZE * (c + 0.5) / pixels, SIZE * (1 - (r + 0.5) / pixels)
            colour = (0, 0, 0, 0)
            if abs(y - 0.35 * x - 20) < 3.2:
                colour = (70, 140, 220, 200)  # the river
            elif abs(x - 62) < 1.6 and y > 10 or abs(y - 12) < 1.6 and x > 20:
                colour = (200, 190, 170, 210)  # the road
            elif (x - 38) ** 2 + (y - 78) ** 2 < 14 ** 2 and (int(x / 4) + int(y / 4)) % 2 == 0:
                colour = (40, 110, 60, 150)  # the forest on the big hill
            row += bytes(colour)
        rows.append(bytes(row))
    raw = b"".join(b"\0" + row for row in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", pixels, pixels, 8, 6, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


os.makedirs(HERE, exist_ok=True)
terrain_gltf(os.path.join(HERE, "hills.gltf"))
plan_png(os.path.join(HERE, "plan.png"))
print("wrote", os.path.join(HERE, "hills.gltf"), "and", os.path.join(HERE, "plan.png"))
