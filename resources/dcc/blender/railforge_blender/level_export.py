# Writing Blender curves back into a RailForge level: every spline as Bezier knots in a curves file
# ("railforge-curves", version 2), handed to `railforge-cli apply-curves`, which merges them three-way
# against the level as it was imported (kept in the .blend), checks every rule, and changes only what
# changed in the level's own text; then the scene is brought up to the level written, so it is the
# next export's base (docs/blender.md).
import json
import math
import os
import shutil
import subprocess
import tempfile

import bpy

from . import level_import, spline_knots
from .level_import import ImportFailed

# Blender's twist methods as RailForge's frame modes.
FRAME = {"Z_UP": "upright", "MINIMUM": "minimal-twist", "TANGENT": "minimal-twist"}


def program(cli):
    found = cli or os.environ.get("RAILFORGE_CLI") or shutil.which("railforge-cli")
    if not found:
        raise ImportFailed("railforge-cli is needed to write a level: set its path in the export options")
    return found


def evaluated_points(obj, index):
    """Blender's own evaluation of spline `index` of `obj`, in the object's space (a copy holding that
    spline alone, evaluated and removed)."""
    data = obj.data.copy()
    for k in reversed(range(len(data.splines))):
        if k != index:
            data.splines.remove(data.splines[k])
    data.resolution_u = max(data.resolution_u, 32)
    data.bevel_depth, data.extrude, data.bevel_object, data.taper_object = 0.0, 0.0, None, None
    probe = bpy.data.objects.new("railforge probe", data)
    bpy.context.scene.collection.objects.link(probe)
    try:
        depsgraph = bpy.context.evaluated_depsgraph_get()
        mesh = probe.evaluated_get(depsgraph).to_mesh()
        points = [tuple(v.co) for v in mesh.vertices]
        probe.evaluated_get(depsgraph).to_mesh_clear()
    finally:
        bpy.data.objects.remove(probe)
        bpy.data.curves.remove(data)
    return points


def polyline_length(points, closed=False):
    total = sum(math.dist(a, b) for a, b in zip(points, points[1:]))
    return total + (math.dist(points[-1], points[0]) if closed and points else 0.0)


def checked_nurbs(obj, index, spline):
    """A NURBS spline's knots, refused unless they stand on Blender's evaluated curve."""
    knots = spline_knots.nurbs_knots(spline)
    blender = evaluated_points(obj, index)
    ours = spline_knots.sample_knots(knots, spline.use_cyclic_u, 64)
    off = spline_knots.farthest(blender, ours)
    # Blender's points lie on the curve, but its polyline is shorter than the curve by its chords.
    longer = polyline_length(ours, spline.use_cyclic_u) - polyline_length(blender, spline.use_cyclic_u)
    if not blender or off > spline_knots.NURBS_TOLERANCE or longer > spline_knots.NURBS_TOLERANCE + 2e-3 * polyline_length(blender):
        raise spline_knots.NotWritable("its conversion to Bezier knots leaves Blender's curve by %.3g" % max(off, longer))
    return knots


def spline_json(obj, index, spline):
    """One spline as the curves file has it (world space), or NotWritable."""
    if spline.type == "BEZIER":
        if len(spline.bezier_points) < 2:
            raise spline_knots.NotWritable("a spline of fewer than 2 points")
        knots = spline_knots.bezier_knots(spline)
    elif spline.type == "POLY":
        if len(spline.points) < 2:
            raise spline_knots.NotWritable("a spline of fewer than 2 points")
        knots = spline_knots.poly_knots(spline)
    elif spline.type == "NURBS":
        knots = checked_nurbs(obj, index, spline)
    else:
        raise spline_knots.NotWritable("a %s spline" % spline.type)
    world = obj.matrix_world
    ident = obj.get("railforge_id", obj.name) if obj.get("railforge_kind") == "rail" else obj.name
    return {"id": ident, "name": obj.name, "imported_name": obj.get("railforge_name", ""),
            "spline_index": index, "spline_type": spline.type, "closed": bool(spline.use_cyclic_u),
            "frame": FRAME.get(obj.data.twist_mode, "minimal-twist"),
            "points": [{"co": list(world @ mathutils_vector(co)), "left": list(world @ mathutils_vector(left)),
                        "right": list(world @ mathutils_vector(right)), "left_type": lt, "right_type": rt,
                        "tilt": math.degrees(tilt)}
                       for co, left, right, lt, rt, tilt in knots]}


def mathutils_vector(v):
    import mathutils

    return mathutils.Vector(v)


def gather(context, selected):
    """What an export writes: every spline of every rail object in the scene, of every curve in the
    RailForge collection, and of every selected curve; and every curve object it does not write, with
    why. Returns (curves, scene rail ids, [(object name, why)])."""
    collection = bpy.data.collections.get(level_import.COLLECTION)
    in_collection = set(collection.all_objects) if collection else set()
    chosen = set(selected)
    curves, rails, skipped = [], [], []
    for obj in context.scene.objects:
        if obj.type != "CURVE":
            continue
        kind = obj.get("railforge_kind")
        if kind == "rail":
            rails.append(obj.get("railforge_id", obj.name))
        elif kind:
            skipped.append((obj.name, "a %s: RailForge makes it from the level's waypoints" % kind))
            continue
        elif obj not in in_collection and obj not in chosen:
            skipped.append((obj.name, "outside the %s collection and not selected" % level_import.COLLECTION))
            continue
        for index, spline in enumerate(obj.data.splines):
            try:
                curves.append(spline_json(obj, index, spline))
            except spline_knots.NotWritable as why:
                where = obj.name if len(obj.data.splines) == 1 else "%s (spline %d)" % (obj.name, index + 1)
                skipped.append((where, str(why)))
    return curves, rails, skipped


def write_curves(path, curves, rails):
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"format": "railforge-curves", "version": 2, "scene_rails": sorted(set(rails)), "curves": curves}, f)


class Exported:
    """What an export did, for the operator's report."""

    def __init__(self, summary, skipped, report):
        self.summary = summary
        self.skipped = skipped
        self.report = report

    def skipped_text(self):
        return "; ".join("%s: %s" % item for item in self.skipped)


def export_level(level, objects=None, cli=None, markers=False, context=None):
    """Writes the scene's curves into the level file `level` (in place), three-way against the level as
    imported when the scene has it; returns Exported. ImportFailed when nothing was written (with the
    conflicts, or the rules broken). `objects`: the selection (curves outside the collection written)."""
    context = context or bpy.context
    run_cli = program(cli)
    curves, rails, skipped = gather(context, objects or [])
    scene = context.scene
    base = scene.get(level_import.LEVEL_BASE)
    same_level = base is not None and os.path.abspath(level) == scene.get(level_import.LEVEL_PATH)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "curves.json")
        write_curves(path, curves, rails)
        report_path = os.path.join(folder, "report.json")
        args = [run_cli, "apply-curves", level, "--from", path, "-o", level, "--report", report_path]
        if same_level:
            base_path = os.path.join(folder, "base.yaml")
            with open(base_path, "w", encoding="utf-8", newline="") as f:
                f.write(base)
            args += ["--base", base_path] + (["--markers"] if markers else [])
        run = subprocess.run(args, capture_output=True, text=True)
        report = None
        if os.path.exists(report_path):
            with open(report_path, encoding="utf-8") as f:
                report = json.load(f)
    said = run.stderr.strip()
    if run.returncode != 0 and not (report and report.get("written")):
        raise ImportFailed(said or "railforge-cli apply-curves failed")
    if report and report.get("written") and not report.get("conflicts"):
        refresh(context, level, curves, skipped, report, run_cli)
    summary = said or "RailForge: %d curves written to %s" % (len(curves), level)
    if not same_level:
        summary = ("no base in this scene (imported with an older add-on, or from another level): rails changed "
                   "in the level since the import took Blender's shapes; " + summary)
    return Exported(summary, skipped, report)


def refresh(context, level, curves, skipped, report, cli):
    """Brings the scene up to the level just written, so it is the next export's base: each written
    curve takes its rail's id and shape as RailForge rides it (a second spline of an object becomes an
    object of its own), rails the level gained on disk come in, rail objects whose rail is gone go, and
    the level's text becomes the base. Curves the export could not write are left as the artist has them."""
    import mathutils

    data = level_import.read_export(level, cli)
    rails = {rail["id"]: rail for rail in data["rails"]}
    untouched = {name.split(" (spline ")[0] for name, _ in skipped}
    owner, claimed, split = {}, set(), []
    for curve, where in zip(curves, report.get("targets", [])):
        obj = bpy.data.objects.get(curve["name"])
        if obj is None:
            continue
        if curve["spline_index"] == 0:
            owner[where["rail"]] = obj
            claimed.add(obj.name)
        else:
            split.append((obj, curve["spline_index"]))
    for obj in list(context.scene.objects):
        if obj.type != "CURVE" or obj.get("railforge_kind") != "rail" or obj.name in claimed:
            continue
        ident = obj.get("railforge_id", obj.name)
        if obj.name in untouched:
            claimed.add(obj.name)
            owner.setdefault(ident, None)  # kept as the artist has it
        elif ident in rails and ident not in owner:
            owner[ident] = obj
            claimed.add(obj.name)
        else:
            bpy.data.objects.remove(obj)  # its rail is gone from the level
    for obj, index in sorted(split, key=lambda item: -item[1]):
        obj.data.splines.remove(obj.data.splines[index])
    target = level_import.collection(context)
    for ident, rail in rails.items():
        if ident in owner and owner[ident] is None:
            continue
        obj = owner.get(ident)
        if obj is None:
            obj = level_import.link(target, ident, level_import.rail_curve(rail))
        else:
            obj.matrix_world = mathutils.Matrix.Identity(4)
            level_import.fill_curve(obj.data, rail)
        level_import.id_properties(obj, "rail", ident, rail.get("properties"),
                                   dict(level_import.rail_extras(rail), railforge_name=obj.name))
    level_import.remember_base(context.scene, level, level_import.level_text(level))


def default_level(context):
    """The level the scene was imported from, when it was a level file."""
    return context.scene.get(level_import.LEVEL_PATH, "")
