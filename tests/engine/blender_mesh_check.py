# Runs inside Blender (blender -b --factory-startup --python-exit-code 1 --python blender_mesh_check.py
# -- PLAN.json): imports each .glb of the plan with Blender's bundled glTF importer
# (bpy.ops.import_scene.gltf, its default options), one after the other in this one process, the scene
# reset to an empty factory scene before each, and checks on Blender's evaluated meshes that every
# vertex of each rail lies on the rail's profile placed at the exported frame there. The plan is
# test_mesh_import.py's, as for godot_mesh_check.gd:
#   {"tolerance": metres, "files": [{"glb": PATH, "scene": NAME, "export": PATH or null,
#     "metres_per_unit": m, "rails": [{"id": ID, "blender": OBJECT NAME, "check": bool, "hold": bool,
#     "stride": n, "outline": [[x, y], ...]}]}]}
# Prints the lines godot_mesh_check.gd prints (RAILFORGE-MESH: started, NODES, RAIL, FAIL:,
# RAILFORGE-MESH: PASS|FAIL) and exits 1 when a check failed.
# The check, per vertex: Blender's world position (matrix_world times the vertex, summed here in
# Python's doubles: Blender's matrices and vertices are 32-bit, and a rail may sit 1e9 from the origin).
# Blender's importer turns glTF's y up into its z up, (x, y, z) -> (x, -z, y), which is the level's own
# axes: no further turn, only the units. Its station s from the UV's v, which the importer flips (Blender
# puts v = 0 at the bottom of an image, glTF at the top): s = 1 - v, in metres. Every UV a vertex's loops
# carry is checked with it (the importer keeps glTF's vertices; a merged one would carry several).
# Then as in godot_mesh_check.gd: the nearest exported sample, the vertex's offset in its cross-section
# plane (right = tangent x up, up), the distance to the nearest profile point; at a corner, the nearer
# of the two samples around s.
import bisect
import json
import sys

import bpy
import numpy

# Debian's Blender 3.4 importer asks numpy for np.bool, an alias NumPy 1.24 (Debian 12's) removed: put
# the alias back (it is the builtin bool), or the default import fails on every mesh with normals.
if "bool" not in numpy.__dict__:
    numpy.bool = bool

CORNER_COS = 0.9961946980917455  # cos(5 degrees): between two samples further apart, the frame jumps

checks = failures = 0


def expect(ok, what):
    global checks, failures
    checks += 1
    if not ok:
        failures += 1
        print("FAIL: " + what)


def off_profile(row, p, outline):
    """Distance (level units) from a level point to the profile at one sample's frame, in its plane."""
    tx, ty, tz, ux, uy, uz = row[4:10]
    rx, ry, rz = ty * uz - tz * uy, tz * ux - tx * uz, tx * uy - ty * ux  # right = tangent x up
    dx, dy, dz = p[0] - row[1], p[1] - row[2], p[2] - row[3]
    x = dx * rx + dy * ry + dz * rz
    y = dx * ux + dy * uy + dz * uz
    return min((x - qx) ** 2 + (y - qy) ** 2 for qx, qy in outline) ** 0.5


def vertex_off(rows, stations, s, p, outline):
    """The distance for a vertex at station s: the nearest sample's, or at a corner the nearer side's."""
    if len(rows) == 1:
        return off_profile(rows[0], p, outline)
    lo = min(max(bisect.bisect_right(stations, s) - 1, 0), len(rows) - 2)
    a, b = rows[lo], rows[lo + 1]
    if a[4] * b[4] + a[5] * b[5] + a[6] * b[6] < CORNER_COS:
        return min(off_profile(a, p, outline), off_profile(b, p, outline))
    return off_profile(a if s - a[0] <= b[0] - s else b, p, outline)


def check_rail(file, rail, samples, tolerance):
    scene, name = file["scene"], rail["blender"]
    obj = bpy.data.objects.get(name)
    expect(obj is not None and obj.type == "MESH", "%s: a mesh object named %s (rail %s)" % (scene, name, rail["id"]))
    if obj is None or obj.type != "MESH":
        return
    depsgraph = bpy.context.evaluated_depsgraph_get()
    evaluated = obj.evaluated_get(depsgraph)
    mesh = evaluated.to_mesh()
    try:
        n = len(mesh.vertices)
        expect(n > 0, "%s: %s's mesh has vertices" % (scene, name))
        rows = (samples or {}).get(rail["id"], [])
        if not rail["check"]:
            print("RAIL %s %s vertices %d checked 0 off 0 worst 0 s 0" % (scene, rail["id"], n))
            return
        expect(len(rows) > 0 and mesh.uv_layers.active is not None,
               "%s: %s has exported samples and a UV map" % (scene, rail["id"]))
        if not rows or mesh.uv_layers.active is None:
            return
        co = [0.0] * (3 * n)
        mesh.vertices.foreach_get("co", co)
        loop_vertex = [0] * len(mesh.loops)
        mesh.loops.foreach_get("vertex_index", loop_vertex)
        uv = [0.0] * (2 * len(mesh.loops))
        mesh.uv_layers.active.data.foreach_get("uv", uv)
        m = [[float(evaluated.matrix_world[i][j]) for j in range(4)] for i in range(3)]
        metres = float(file["metres_per_unit"])
        stride = int(rail["stride"])
        outline = rail["outline"]
        stations = [row[0] for row in rows]
        # Every (vertex, v) the loops carry, once.
        pairs = sorted({(k, uv[2 * i + 1]) for i, k in enumerate(loop_vertex) if k % stride == 0})
        checked = off = 0
        worst = worst_s = 0.0
        for k, v in pairs:
            x, y, z = co[3 * k:3 * k + 3]
            w = [m[i][0] * x + m[i][1] * y + m[i][2] * z + m[i][3] for i in range(3)]
            s = (1.0 - v) / metres
            d = vertex_off(rows, stations, s, [c / metres for c in w], outline) * metres
            checked += 1
            off += d > tolerance
            if d > worst:
                worst, worst_s = d, 1.0 - v
        if rail["hold"]:
            expect(checked > 0 and off == 0,
                   "%s: %s: %d of %d vertices off the profile at the exported frames by more than %s m "
                   "(worst %s m at s %s m)" % (scene, rail["id"], off, checked, tolerance, worst, worst_s))
        print("RAIL %s %s vertices %d checked %d off %d worst %.9f s %.6f" %
              (scene, rail["id"], n, checked, off, worst, worst_s))
    finally:
        evaluated.to_mesh_clear()


def check_file(file, tolerance):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.gltf(filepath=file["glb"])
    expect(result == {"FINISHED"}, "%s: Blender's importer reads it (%s)" % (file["scene"], result))
    tops = sorted(o.name for o in bpy.context.scene.objects if o.parent is None)
    print("NODES %s %s" % (file["scene"], json.dumps(tops)))
    samples = None
    if file["export"]:
        with open(file["export"]) as f:
            samples = {r["id"]: r["samples"] for r in json.load(f)["rails"]}
    for rail in file["rails"]:
        check_rail(file, rail, samples, tolerance)


def main():
    print("RAILFORGE-MESH: started", bpy.app.version_string)
    with open(sys.argv[sys.argv.index("--") + 1]) as f:
        plan = json.load(f)
    for file in plan["files"]:
        check_file(file, plan["tolerance"])
    if failures == 0:
        print("RAILFORGE-MESH: PASS %d checks" % checks)
    else:
        print("RAILFORGE-MESH: FAIL %d of %d checks" % (failures, checks))
    sys.stdout.flush()
    sys.exit(1 if failures else 0)


main()
