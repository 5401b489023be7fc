#!/usr/bin/env python3
"""Writes terrain.obj (up: z): a valley floor at z 0 for x < 60, a slope up to a plateau at z 12 by
x 90, a ravine 6 deep from x 90 to 130, the far side at z 12 again; and a bridge deck at z 12 over
the ravine (y -3..3, x 88..132). The mine-cart test level (mine.yaml) runs over it."""


def ground(x, y):
    if x < 60:
        return 0.0 + 0.02 * abs(y)
    if x < 90:
        return (x - 60) / 30 * 12
    if x < 130:
        return -6.0
    return 12.0


xs = sorted(set(list(range(0, 201, 10)) + [89.999, 90.001, 129.999, 130.001]))
ys = list(range(-40, 41, 10))
vertices, index = [], {}
for j, y in enumerate(ys):
    for i, x in enumerate(xs):
        index[(i, j)] = len(vertices) + 1
        vertices.append((x, y, ground(x, y)))
lines = ["# The mine-cart test terrain, written by make_terrain.py: up is z."]
lines += ["v %g %g %g" % p for p in vertices]
for j in range(len(ys) - 1):
    for i in range(len(xs) - 1):
        a, b, c, d = index[(i, j)], index[(i + 1, j)], index[(i, j + 1)], index[(i + 1, j + 1)]
        lines += ["f %d %d %d" % (a, b, d), "f %d %d %d" % (a, d, c)]
n = len(vertices)
lines += ["v %g %g %g" % p for p in [(88, -3, 12), (132, -3, 12), (132, 3, 12), (88, 3, 12)]]
lines += ["f %d %d %d" % (n + 1, n + 2, n + 3), "f %d %d %d" % (n + 1, n + 3, n + 4)]
with open("terrain.obj", "w") as f:
    f.write("\n".join(lines) + "\n")
