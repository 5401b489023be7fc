# Writing Blender curves back into a RailForge level: the curves as JSON ("railforge-curves",
# version 1), handed to `railforge-cli apply-curves`, which checks every rule and changes only what
# changed in the level's own text (docs/blender.md).
import json
import math
import os
import shutil
import subprocess
import tempfile

import bpy

from .level_import import ImportFailed

# Blender's twist methods as RailForge's frame modes.
FRAME = {"Z_UP": "upright", "MINIMUM": "minimal-twist", "TANGENT": "minimal-twist"}


def curve_json(obj):
    """A Bezier curve object in world space: its id (the rail it came from, else its name), closed,
    frame, and each point's position, handles, handle types and tilt (degrees)."""
    spline = obj.data.splines[0]
    world = obj.matrix_world
    points = []
    for p in spline.bezier_points:
        points.append({
            "co": list(world @ p.co),
            "left": list(world @ p.handle_left),
            "right": list(world @ p.handle_right),
            "left_type": p.handle_left_type,
            "right_type": p.handle_right_type,
            "tilt": math.degrees(p.tilt),
        })
    return {"id": obj.get("railforge_id", obj.name), "closed": bool(spline.use_cyclic_u),
            "frame": FRAME.get(obj.data.twist_mode, "minimal-twist"), "points": points}


def rail_objects(objects):
    """The curve objects among `objects` that can be rails: Bezier splines of two points or more."""
    return [o for o in objects if o.type == "CURVE" and len(o.data.splines) >= 1
            and o.data.splines[0].type == "BEZIER" and len(o.data.splines[0].bezier_points) >= 2]


def write_curves(path, objects):
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"format": "railforge-curves", "version": 1, "curves": [curve_json(o) for o in objects]}, f)


def export_level(level, objects, cli=None):
    """Applies the curves of `objects` to the level file `level` (in place); returns what the CLI said."""
    program = cli or os.environ.get("RAILFORGE_CLI") or shutil.which("railforge-cli")
    if not program:
        raise ImportFailed("railforge-cli is needed to write a level: set its path in the export options")
    curves = rail_objects(objects)
    if not curves:
        raise ImportFailed("no Bezier curves to export: select the rails' curves")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "curves.json")
        write_curves(path, curves)
        run = subprocess.run([program, "apply-curves", level, "--from", path, "-o", level],
                             capture_output=True, text=True)
    if run.returncode != 0:
        raise ImportFailed(run.stderr.strip() or "railforge-cli apply-curves failed")
    return run.stderr.strip() or "RailForge: %d curves written to %s" % (len(curves), level)


def default_level(context):
    """The level the scene was imported from, when it was a level file."""
    return context.scene.get("railforge_level", "")
