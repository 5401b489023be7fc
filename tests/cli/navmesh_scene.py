"""A level for the navigation tests, made here: a yard with an open house (walls, a door), a slab
lower than the agent, pillars, and a raised floor reached by stairs, as one OBJ (z up) that the level
names as ground; a guard agent; waypoints, edges and patrols through all of it. The solids' footprints
and the walkable tops are kept here too, for the tests' own brute-force checks (nothing of RailForge's)."""
import os

RADIUS, HEIGHT, CLIMB, SLOPE = 0.4, 1.8, 0.4, 45.0
CELL = RADIUS / 3  # the navmesh's cell, as the agent's default

GROUND = (0.0, 0.0, 60.0, 40.0)  # x0, y0, x1, y1 at z 0
# Boxes (x0, y0, z0, x1, y1, z1) that block: the house's walls (the west wall has a door at y 16..18).
WALLS = [
    (30.0, 10.0, 0.0, 30.3, 16.0, 3.0),
    (30.0, 18.0, 0.0, 30.3, 25.0, 3.0),
    (44.7, 10.0, 0.0, 45.0, 25.0, 3.0),
    (30.0, 10.0, 0.0, 45.0, 10.3, 3.0),
    (30.0, 24.7, 0.0, 45.0, 25.0, 3.0),
]
PILLARS = [(19.7, 9.7, 0.0, 20.3, 10.3, 3.0), (21.7, 21.7, 0.0, 22.3, 22.3, 3.0), (7.7, 19.7, 0.0, 8.3, 20.3, 3.0)]
SLAB = (10.0, 28.0, 1.0, 16.0, 34.0, 1.3)  # 1 above the ground: lower than the agent under it
RAISED = (2.0, 2.0, 0.0, 12.0, 10.0, 1.5)  # a floor 1.5 up: more than the climb
STEP_RUN, STEP_RISE = 0.35, 0.25
# Six steps down to the east of the raised floor, 3 wide (y 4..7): the first 1.25 high, the last 0.25.
STAIRS = [(12.0 + STEP_RUN * i, 4.0, 0.0, 12.0 + STEP_RUN * (i + 1), 7.0, 1.5 - STEP_RISE * (i + 1))
          for i in range(6)]

WAYPOINTS = {
    "yard_w": (20.0, 30.0, 0.0),
    "yard_s": (25.0, 5.0, 0.0),
    "house_in": (37.0, 20.0, 0.0),
    "slab_w": (7.0, 31.0, 0.0),
    "slab_e": (20.0, 31.0, 0.0),
    "floor_n": (6.0, 14.0, 0.0),
    "floor_top": (6.0, 5.5, 1.5),
    "stairs_foot": (16.5, 5.5, 0.0),
    "on_slab": (13.0, 31.0, 1.3),
}
# Blocked straight: through the house's wall, under the slab, up the raised floor's face. Walkable: up
# the stairs.
BLOCKED_EDGES = [("yard_s", "house_in"), ("slab_w", "slab_e"), ("floor_n", "floor_top")]
WALKABLE_EDGE = ("stairs_foot", "floor_top")


def box_triangles(b):
    x0, y0, z0, x1, y1, z1 = b
    p = [(x0 if i & 1 == 0 else x1, y0 if i & 2 == 0 else y1, z0 if i & 4 == 0 else z1) for i in range(8)]
    faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    out = []
    for f in faces:
        out.append((p[f[0]], p[f[1]], p[f[2]]))
        out.append((p[f[0]], p[f[2]], p[f[3]]))
    return out


def triangles():
    x0, y0, x1, y1 = GROUND
    tris = [((x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0)), ((x0, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0))]
    for b in WALLS + PILLARS + [SLAB, RAISED] + STAIRS:
        tris += box_triangles(b)
    return tris


def write_obj(path):
    with open(path, "w") as f:
        n = 1
        for t in triangles():
            for v in t:
                f.write("v %r %r %r\n" % v)
            f.write("f %d %d %d\n" % (n, n + 1, n + 2))
            n += 3


def write_level(folder, patrols, agents=True, extra=""):
    """The level in `folder` with the scene as ground; `patrols` is YAML for the patrols' list."""
    os.makedirs(folder, exist_ok=True)
    write_obj(os.path.join(folder, "yard.obj"))
    lines = ["railforge: 1", "level: {name: Yard, units: m}"]
    lines.append("references:\n  - {id: yard, mesh: yard.obj, up: z}")
    lines.append("waypoints:")
    for k, (x, y, z) in WAYPOINTS.items():
        lines.append("  - {id: %s, position: [%r, %r, %r]}" % (k, x, y, z))
    lines.append("edges:")
    for a, b in BLOCKED_EDGES + [WALKABLE_EDGE]:
        lines.append("  - {from: %s, to: %s}" % (a, b))
    lines.append("obstacles: []\nrails: []")
    lines.append("patrols:" + ("\n" + patrols if patrols.strip() else " []"))
    if agents:
        lines.append("agents:\n  - {id: guard, radius: %r, height: %r, climb: %r, slope: %r}"
                     % (RADIUS, HEIGHT, CLIMB, SLOPE))
    path = os.path.join(folder, "yard.yaml")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n" + extra)
    return path


def footprints(at_height):
    """The plan rectangles that block an agent walking at `at_height` (0: the ground; the raised floor
    and the slab block there, not on their tops)."""
    out = [(b[0], b[1], b[3], b[4]) for b in WALLS + PILLARS]
    if at_height < 0.2:
        out += [(b[0], b[1], b[3], b[4]) for b in (SLAB, RAISED)]
    return out


def walkable_tops(x, y, slack=1e-4):
    """The heights at (x, y) an agent may stand on: the ground, the raised floor's top, a stair's tread,
    the slab's top (a point on an edge, within `slack` as floats place it, stands on both sides)."""
    out = []
    x0, y0, x1, y1 = GROUND
    if x0 - slack <= x <= x1 + slack and y0 - slack <= y <= y1 + slack:
        out.append(0.0)
    for b in [RAISED, SLAB] + STAIRS:
        if b[0] - slack <= x <= b[3] + slack and b[1] - slack <= y <= b[4] + slack:
            out.append(b[5])
    return out
