# Runs inside Blender: blender -b --factory-startup --python-exit-code 1 --python blender_threeway.py --
# ADDON_PARENT PLAN.json, with the RailForge add-on (resources/dcc/blender) imported from ADDON_PARENT.
# The plan: {"open": BLEND?, "import": LEVEL?, "save": BLEND?, "edits": [[OP, ARGS...], ...],
# "export": LEVEL?, "markers": BOOL, "out": RESULT.json}. Edits are made as an artist makes them, with
# Blender's own operators where there is one:
#   move RAIL I DZ      G Z DZ on point I (its handles go with it)
#   tilt RAIL I DEG     the point's tilt raised by DEG degrees (as typed in the N panel)
#   spline_type RAIL T  Set Spline Type (POLY, NURBS) on every point, in edit mode
#   subdivide RAIL I    Subdivide between points I and I + 1, in edit mode
#   scale RAIL F        the object scaled by F (S F)
#   duplicate RAIL DX   Shift+D, moved DX along x
#   rename RAIL NAME    the object renamed
#   delete RAIL         the object deleted (X)
#   join A B            B joined into A (Ctrl+J with A active)
#   add_bezier          Add > Curve > Bezier (into the Scene Collection, then not selected)
#   add_nurbs_path      Add > Curve > Nurbs Path (left selected)
# The result: the export's summary, what it did not write, its report or error, Blender's evaluated
# points of every curve before the export (world space), and the scene's rails after it.
import json
import math
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:]
sys.path.insert(0, args[0])
from railforge_blender import level_export, level_import  # noqa: E402

with open(args[1]) as f:
    plan = json.load(f)
print("RAILFORGE-BLENDER: started", bpy.app.version_string)


def only_selected(obj):
    bpy.ops.object.select_all(action="DESELECT")
    obj.select_set(True)
    bpy.context.view_layer.objects.active = obj


def in_edit_mode(obj, select, action):
    only_selected(obj)
    bpy.ops.object.mode_set(mode="EDIT")
    for spline in obj.data.splines:
        for k, p in enumerate(spline.bezier_points):
            p.select_control_point = select(k)
            p.select_left_handle = p.select_right_handle = select(k)
        for k, p in enumerate(spline.points):
            p.select = select(k)
    action()
    bpy.ops.object.mode_set(mode="OBJECT")


def edit(op, *a):
    objects = bpy.data.objects
    if op == "move":
        p = objects[a[0]].data.splines[0].bezier_points[int(a[1])]
        for attr in ("co", "handle_left", "handle_right"):
            v = getattr(p, attr)
            setattr(p, attr, (v[0], v[1], v[2] + float(a[2])))
    elif op == "tilt":
        p = objects[a[0]].data.splines[0].bezier_points[int(a[1])]
        p.tilt += math.radians(float(a[2]))
    elif op == "spline_type":
        in_edit_mode(objects[a[0]], lambda k: True, lambda: bpy.ops.curve.spline_type_set(type=a[1]))
    elif op == "subdivide":
        i = int(a[1])
        in_edit_mode(objects[a[0]], lambda k: k in (i, i + 1), lambda: bpy.ops.curve.subdivide())
    elif op == "scale":
        objects[a[0]].scale = (float(a[1]),) * 3
    elif op == "duplicate":
        only_selected(objects[a[0]])
        bpy.ops.object.duplicate()
        bpy.context.active_object.location.x += float(a[1])
    elif op == "rename":
        objects[a[0]].name = a[1]
    elif op == "delete":
        only_selected(objects[a[0]])
        bpy.ops.object.delete()
    elif op == "join":
        bpy.ops.object.select_all(action="DESELECT")
        objects[a[1]].select_set(True)
        only_selected(objects[a[0]])
        objects[a[1]].select_set(True)
        bpy.ops.object.join()
    elif op == "add_bezier":
        bpy.context.view_layer.active_layer_collection = bpy.context.view_layer.layer_collection
        bpy.ops.curve.primitive_bezier_curve_add(location=(3, 4, 5))
        bpy.context.active_object.select_set(False)
    elif op == "add_nurbs_path":
        bpy.context.view_layer.active_layer_collection = bpy.context.view_layer.layer_collection
        bpy.ops.curve.primitive_nurbs_path_add(location=(0, -8, 2))
    else:
        raise ValueError("unknown edit " + op)
    bpy.context.view_layer.update()


def evaluated_world(obj):
    depsgraph = bpy.context.evaluated_depsgraph_get()
    mesh = obj.evaluated_get(depsgraph).to_mesh()
    points = [list(obj.matrix_world @ v.co) for v in mesh.vertices]
    obj.evaluated_get(depsgraph).to_mesh_clear()
    return points


def rails_in_scene():
    out = {}
    for obj in bpy.context.scene.objects:
        if obj.type == "CURVE" and obj.get("railforge_kind") == "rail":
            s = obj.data.splines[0]
            out[obj.name] = {"id": obj.get("railforge_id"), "splines": len(obj.data.splines),
                             "knots": [[list(obj.matrix_world @ p.co), list(obj.matrix_world @ p.handle_left),
                                        list(obj.matrix_world @ p.handle_right)] for p in s.bezier_points]}
    return out


result = {}
if plan.get("open"):
    bpy.ops.wm.open_mainfile(filepath=plan["open"])
if plan.get("import"):
    print("RAILFORGE-BLENDER:", level_import.import_level(bpy.context, plan["import"]))
if plan.get("save"):
    bpy.ops.wm.save_as_mainfile(filepath=plan["save"])
for step in plan.get("edits", []):
    edit(*step)
result["evaluated"] = {o.name: evaluated_world(o) for o in bpy.context.scene.objects if o.type == "CURVE"}
if plan.get("export"):
    try:
        exported = level_export.export_level(plan["export"], list(bpy.context.selected_objects), None,
                                             plan.get("markers", False))
        result.update(summary=exported.summary, skipped=exported.skipped, report=exported.report)
    except level_import.ImportFailed as failed:
        result["error"] = str(failed)
result["rails"] = rails_in_scene()
result["base"] = bpy.context.scene.get(level_import.LEVEL_BASE)
with open(plan["out"], "w") as f:
    json.dump(result, f)
print("RAILFORGE-BLENDER: done")
