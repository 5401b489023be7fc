"""Levels the CLI tests write: shapes with closed forms."""
import math


def circle_level(path, closed_bezier_arcs=16, radius=50.0):
    """A flat closed circle of `radius` round the origin as mirrored Bezier arcs (within 1e-4 of the
    true circle at 16 arcs): the rail `loop`, upright frames, in metres."""
    n, r = closed_bezier_arcs, radius
    h = 4 / 3 * math.tan(math.pi / (2 * n)) * r
    points = []
    for k in range(n):
        a = 2 * math.pi * k / n
        x, y, tx, ty = r * math.cos(a), r * math.sin(a), -math.sin(a), math.cos(a)
        points.append("      - {at: [%r, %r, 0], in: [%r, %r, 0], out: [%r, %r, 0], mode: mirrored}"
                      % (x, y, -tx * h, -ty * h, tx * h, ty * h))
    with open(path, "w") as f:
        f.write("railforge: 1\nlevel: {name: Circle, units: m}\nrails:\n  - id: loop\n    closed: true\n"
                "    frame: upright\n    spline: {type: bezier}\n    points:\n" + "\n".join(points) + "\n")
