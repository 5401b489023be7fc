# Runs inside Blender: blender -b --factory-startup --python-exit-code 1 --python blender_check.py --
# ACTION ADDON_PARENT ARGS... with the RailForge add-on (resources/dcc/blender) imported from
# ADDON_PARENT. Actions:
#   measure EXPORT.json OUT.json   import the export; write each rail's curve as Blender evaluates it
#                                  (points) and its frame's normal (from a flat ribbon made with the
#                                  curve's extrude, whose width runs along the normal)
#   roundtrip LEVEL.yaml EDIT      import the level (through railforge-cli export), edit it as EDIT says
#                                  (none | move RAIL INDEX | new), and write the curves back into the
#                                  level with the add-on's export (railforge-cli apply-curves)
#   properties LEVEL.yaml OUT.json import the level, write each object's custom properties as the
#                                  add-on keeps them (rf_NAME, and as text) and the summary, and
#                                  write the curves back into the level untouched
#   fail GOOD BROKEN N OUT.json    import BROKEN, made to fail (its rail N raises as it is built when N
#                                  > 0; N = 0: BROKEN fails by itself), twice: with the add-on's
#                                  operator into the factory scene, then scripted into a scene holding
#                                  GOOD imported; write the scene before and after each, and the errors
import json
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
action, addon_parent = args[0], args[1]
sys.path.insert(0, addon_parent)
from railforge_blender import level_export, level_import  # noqa: E402

print("RAILFORGE-BLENDER: started", bpy.app.version_string)


def rail_objects():
    return [o for o in bpy.data.collections["RailForge"].objects if o.get("railforge_kind") == "rail"]


def measure(export, out):
    print("RAILFORGE-BLENDER:", level_import.import_level(bpy.context, export))
    result = {}
    for obj in rail_objects():
        depsgraph = bpy.context.evaluated_depsgraph_get()
        centre = obj.evaluated_get(depsgraph).to_mesh()
        points = [tuple(v.co) for v in centre.vertices]
        obj.evaluated_get(depsgraph).to_mesh_clear()
        obj.data.extrude = 0.5
        depsgraph = bpy.context.evaluated_depsgraph_get()
        ribbon = obj.evaluated_get(depsgraph).to_mesh()
        verts = [tuple(v.co) for v in ribbon.vertices]
        obj.evaluated_get(depsgraph).to_mesh_clear()
        obj.data.extrude = 0.0
        result[obj["railforge_id"]] = {"points": points, "ribbon": verts, "twist": obj.data.twist_mode,
                                       "cyclic": obj.data.splines[0].use_cyclic_u,
                                       "resolution": obj.data.resolution_u}
    with open(out, "w") as f:
        json.dump(result, f)


def new_curve():
    """A curve drawn in Blender: four points with the four handle types."""
    curve = bpy.data.curves.new("drawn", type="CURVE")
    curve.dimensions = "3D"
    curve.twist_mode = "Z_UP"
    spline = curve.splines.new("BEZIER")
    spline.bezier_points.add(3)
    kinds = [("FREE", "FREE"), ("ALIGNED", "ALIGNED"), ("VECTOR", "VECTOR"), ("AUTO", "AUTO")]
    for i, (p, (left, right)) in enumerate(zip(spline.bezier_points, kinds)):
        p.co = (i * 10.0, 3.0 * (i % 2), 1.0)
        p.handle_left_type, p.handle_right_type = "FREE", "FREE"
        # Aligned handles on one line, as Blender's own editing keeps them; the others any way.
        p.handle_left = (i * 10.0 - 3.0, 3.0 * (i % 2) - 1.0, 1.0)
        p.handle_right = (i * 10.0 + 6.0, 3.0 * (i % 2) + 2.0, 1.0) if left == "ALIGNED" else \
            (i * 10.0 + 3.0, 3.0 * (i % 2) + 1.5, 1.0)
        p.handle_left_type, p.handle_right_type = left, right
        p.tilt = 0.1 * i
    obj = bpy.data.objects.new("drawn", curve)
    bpy.data.collections["RailForge"].objects.link(obj)


def roundtrip(level, edit):
    print("RAILFORGE-BLENDER:", level_import.import_level(bpy.context, level))
    if edit[0] == "move":
        # As G Z 1 moves a selected point: its handles go with it.
        obj = bpy.data.objects[edit[1]]
        p = obj.data.splines[0].bezier_points[int(edit[2])]
        for attr in ("co", "handle_left", "handle_right"):
            v = getattr(p, attr)
            setattr(p, attr, (v[0], v[1], v[2] + 1.0))
    elif edit[0] == "new":
        new_curve()
    objects = list(bpy.data.collections["RailForge"].objects)
    print("RAILFORGE-BLENDER:", level_export.export_level(level, objects).summary)


def properties(level, out):
    summary = level_import.import_level(bpy.context, level)
    print("RAILFORGE-BLENDER:", summary)
    objects = []
    for obj in bpy.data.collections["RailForge"].objects:
        objects.append({"kind": obj["railforge_kind"], "id": obj["railforge_id"],
                        "properties": level_import.custom_properties(obj),
                        "native": sorted(k for k in obj.keys() if k.startswith(level_import.PROPERTY_PREFIX)),
                        "text": obj.get(level_import.TEXT_PROPERTIES)})
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"summary": summary, "objects": objects}, f)
    print("RAILFORGE-BLENDER:", level_export.export_level(level, list(bpy.data.collections["RailForge"].objects)).summary)


def scene_state():
    """All a failed import could leave behind: every data-block's name by kind, the scene's objects
    and collections, and its custom properties."""
    blocks = {}
    for prop in bpy.types.BlendData.bl_rna.properties:
        if prop.type == "COLLECTION":
            blocks[prop.identifier] = sorted(i.name for i in getattr(bpy.data, prop.identifier) if isinstance(i, bpy.types.ID))
    scene = bpy.context.scene
    return {"data": blocks, "objects": sorted(o.name for o in scene.objects),
            "collections": sorted(c.name for c in scene.collection.children_recursive),
            "scene_properties": {k: str(scene[k]) for k in scene.keys()}}


def failing_rail(n):
    """Makes the add-on's rail_curve raise on its n-th call from now (a failure midway through the
    rails, after n - 1 are in the scene)."""
    made = level_import.rail_curve
    calls = [0]

    def rail_curve(rail):
        calls[0] += 1
        if calls[0] == n:
            raise RuntimeError("made to fail on rail %s" % rail["id"])
        return made(rail)

    level_import.rail_curve = rail_curve
    return made


def fail(good, broken, n, out):
    import railforge_blender
    railforge_blender.register()
    result = {}
    before = scene_state()
    original = failing_rail(n) if n else None
    try:
        result["operator"] = sorted(bpy.ops.import_scene.railforge_level(filepath=broken))
    except RuntimeError as error:  # bpy.ops raises what the operator reported as an error
        result["operator"] = ["CANCELLED"]
        result["operator_error"] = str(error)
    result["fresh"] = [before, scene_state()]
    if original:
        level_import.rail_curve = original
    print("RAILFORGE-BLENDER:", level_import.import_level(bpy.context, good))
    before = scene_state()
    if n:
        failing_rail(n)
    try:
        level_import.import_level(bpy.context, broken)
        result["scripted_error"] = None
    except level_import.ImportFailed as error:
        result["scripted_error"] = str(error)
    result["imported"] = [before, scene_state()]
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f)


if action == "measure":
    measure(args[2], args[3])
elif action == "roundtrip":
    roundtrip(args[2], args[3:])
elif action == "properties":
    properties(args[2], args[3])
elif action == "fail":
    fail(args[2], args[3], int(args[4]), args[5])
print("RAILFORGE-BLENDER: done")
