#!/usr/bin/env python3
"""Writes quarry.obj (up: z), the ground of quarry.yaml: a floor at z 0, a ravine 10 deep from x 60
to 100 (its walls from x 50 to 60 and 100 to 110), a ledge at z 4 south of y -6 that ends at x 37
(falling to the floor by x 38), and a deck over the ravine: a slab from x 40 to 120, y -10 to 10,
its underside at z 5 and its top at z 6, closed by four walls."""


def ledge(x, y):
    if y >= -5:
        return 0.0
    rise = min(1.0, (-5 - y) / 1.0)
    if x <= 37:
        return 4.0 * rise
    if x <= 38:
        return 4.0 * rise * (38 - x)
    return 0.0


def ground(x, y):
    if x <= 50 or x >= 110:
        floor = 0.0
    elif x <= 60:
        floor = -(x - 50)
    elif x <= 100:
        floor = -10.0
    else:
        floor = -(110 - x)
    return floor + ledge(x, y)


xs = [0, 10, 20, 30, 37, 38, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200]
ys = [-30, -20, -12, -6, -5, 0, 5, 10, 20, 30]
vertices, index = [], {}
for j, y in enumerate(ys):
    for i, x in enumerate(xs):
        index[(i, j)] = len(vertices) + 1
        vertices.append((x, y, ground(x, y)))
faces = []
for j in range(len(ys) - 1):
    for i in range(len(xs) - 1):
        a, b, c, d = index[(i, j)], index[(i + 1, j)], index[(i, j + 1)], index[(i + 1, j + 1)]
        faces += [(a, b, d), (a, d, c)]
# The deck: eight corners, twelve triangles facing out.
n = len(vertices)
x0, x1, y0, y1, z0, z1 = 40, 120, -10, 10, 5, 6
vertices += [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0),
             (x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)]
box = [(1, 3, 2), (1, 4, 3),  # underside, facing down
       (5, 6, 7), (5, 7, 8),  # top, facing up
       (1, 2, 6), (1, 6, 5), (2, 3, 7), (2, 7, 6), (3, 4, 8), (3, 8, 7), (4, 1, 5), (4, 5, 8)]
faces += [tuple(n + k for k in f) for f in box]
lines = ["# The quarry test ground, written by make_quarry.py: up is z."]
lines += ["v %g %g %g" % p for p in vertices]
lines += ["f %d %d %d" % f for f in faces]
with open("quarry.obj", "w") as f:
    f.write("\n".join(lines) + "\n")
