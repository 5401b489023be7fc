#!/usr/bin/env python3
"""Writes trestle.obj (up: z), the ground of trestle.yaml, a level made for track supports: rolling
ground (z = 2 sin(x/9) + 1.5 cos(y/7), in triangles that are not level) from x -10 to 130 and y -30
to 30, and a deck over it: a slab from x 40 to 70, y -6 to 6, its underside at z 4 and its top at
z 5, closed by four walls."""
import math


def ground(x, y):
    return 2.0 * math.sin(x / 9.0) + 1.5 * math.cos(y / 7.0)


xs = [-10 + 5 * i for i in range(29)]
ys = [-30 + 5 * j for j in range(13)]
vertices, index = [], {}
for j, y in enumerate(ys):
    for i, x in enumerate(xs):
        index[(i, j)] = len(vertices) + 1
        vertices.append((x, y, round(ground(x, y), 6)))
faces = []
for j in range(len(ys) - 1):
    for i in range(len(xs) - 1):
        a, b, c, d = index[(i, j)], index[(i + 1, j)], index[(i, j + 1)], index[(i + 1, j + 1)]
        faces += [(a, b, d), (a, d, c)]
n = len(vertices)
x0, x1, y0, y1, z0, z1 = 40, 70, -6, 6, 4, 5
vertices += [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
             (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
box = [(1, 3, 2), (1, 4, 3),  # underside, facing down
       (5, 6, 7), (5, 7, 8),  # top, facing up
       (1, 2, 6), (1, 6, 5), (2, 3, 7), (2, 7, 6), (3, 4, 8), (3, 8, 7), (4, 1, 5), (4, 5, 8)]
faces += [tuple(n + k for k in f) for f in box]
lines = ["# The trestle test ground, written by make_trestle.py: up is z."]
lines += ["v %g %g %g" % p for p in vertices]
lines += ["f %d %d %d" % f for f in faces]
with open("trestle.obj", "w") as f:
    f.write("\n".join(lines) + "\n")
