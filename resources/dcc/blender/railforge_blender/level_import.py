# Building Blender objects from a RailForge engine export (docs/export-format.md), version 2.
# Axes and units: RailForge's z-up, right-handed level units are Blender's; nothing is converted.
import json
import math
import os
import shutil
import subprocess
import tempfile

import bpy

COLLECTION = "RailForge"
# Evaluated points per Bezier segment: fine enough that Blender's curve lies on RailForge's.
RESOLUTION = 64
# RailForge's frame modes as Blender's twist methods (the frame is in the export's rails[].frame).
TWIST = {"upright": "Z_UP", "minimal-twist": "MINIMUM"}


class ImportFailed(Exception):
    """A level that cannot be imported, with the reason for the designer."""


def read_export(path, cli=None):
    """The export of `path`: read as JSON, or made by `railforge-cli export` from a level file."""
    if path.lower().endswith(".json"):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    else:
        program = cli or os.environ.get("RAILFORGE_CLI") or shutil.which("railforge-cli")
        if not program:
            raise ImportFailed("railforge-cli is needed to read a .yaml level: set its path, or import the export (.json)")
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "level.json")
            run = subprocess.run([program, "export", path, "-o", out], capture_output=True, text=True)
            if run.returncode != 0:
                raise ImportFailed(run.stderr.strip() or "railforge-cli export failed")
            with open(out, encoding="utf-8") as f:
                data = json.load(f)
    if data.get("format") != "railforge-export" or data.get("version") != 2:
        raise ImportFailed("%s: not a RailForge export of version 2" % path)
    return data


def collection(context):
    """The scene's RailForge collection (made when missing)."""
    found = bpy.data.collections.get(COLLECTION)
    if found is None:
        found = bpy.data.collections.new(COLLECTION)
        context.scene.collection.children.link(found)
    return found


def link(target, name, data):
    obj = bpy.data.objects.new(name, data)
    target.objects.link(obj)
    return obj


def rail_curve(rail):
    """A Bezier curve whose segments are the rail's exactly: knots from the export, free handles."""
    curve = bpy.data.curves.new(rail["id"], type="CURVE")
    curve.dimensions = "3D"
    curve.resolution_u = RESOLUTION
    curve.twist_mode = TWIST.get(rail.get("frame", "minimal-twist"), "MINIMUM")
    spline = curve.splines.new("BEZIER")
    knots = rail["bezier"]
    tilts = rail.get("tilt") or [0.0] * len(knots)
    spline.bezier_points.add(len(knots) - 1)
    for point, (position, handle_in, handle_out), tilt in zip(spline.bezier_points, knots, tilts):
        point.handle_left_type = "FREE"
        point.handle_right_type = "FREE"
        point.co = position
        point.handle_left = handle_in
        point.handle_right = handle_out
        point.tilt = math.radians(tilt)
    spline.use_cyclic_u = bool(rail["closed"])
    # RailForge eases tilt between knots (smoothstep); Blender's EASE is the same curve per segment.
    spline.tilt_interpolation = "EASE"
    return curve


def graph_mesh(graph):
    """The waypoint graph as a mesh: a vertex per node, an edge per connection."""
    mesh = bpy.data.meshes.new("graph")
    index = {node["id"]: i for i, node in enumerate(graph["nodes"])}
    mesh.from_pydata([node["position"] for node in graph["nodes"]],
                     [(index[e["from"]], index[e["to"]]) for e in graph["edges"]], [])
    return mesh


def poly_curve(name, points):
    curve = bpy.data.curves.new(name, type="CURVE")
    curve.dimensions = "3D"
    spline = curve.splines.new("POLY")
    spline.points.add(len(points) - 1)
    for point, p in zip(spline.points, points):
        point.co = (p[0], p[1], p[2], 1.0)
    return curve


def id_properties(obj, kind, ident, properties, extra=None):
    """What RailForge knows of an object, kept on it: its kind and id, and its custom properties."""
    obj["railforge_kind"] = kind
    obj["railforge_id"] = ident
    for name, value in (properties or {}).items():
        obj["rf_" + name] = value
    for name, value in (extra or {}).items():
        obj[name] = value


def import_level(context, path, cli=None):
    """Imports the level at `path` into the scene's RailForge collection; returns a summary."""
    data = read_export(path, cli)
    target = collection(context)
    if not path.lower().endswith(".json"):
        context.scene["railforge_level"] = os.path.abspath(path)  # where Export writes back by default
    for rail in data["rails"]:
        obj = link(target, rail["id"], rail_curve(rail))
        extra = {"railforge_length": rail["length"]}
        if rail.get("channels"):
            extra["railforge_channels"] = json.dumps(rail["channels"])
        id_properties(obj, "rail", rail["id"], rail.get("properties"), extra)
    nodes = data["graph"]["nodes"]
    for node in nodes:
        empty = link(target, node["id"], None)
        empty.empty_display_type = "SPHERE"
        empty.empty_display_size = 0.5
        empty.location = node["position"]
        id_properties(empty, "waypoint", node["id"], node.get("properties"))
    if nodes:
        id_properties(link(target, "graph", graph_mesh(data["graph"])), "graph", "graph", {})
    for patrol in data["patrols"]:
        if len(patrol["samples"]) >= 2:
            obj = link(target, patrol["id"], poly_curve(patrol["id"], [row[1:4] for row in patrol["samples"]]))
            id_properties(obj, "patrol", patrol["id"], patrol.get("properties"),
                          {"railforge_mode": patrol["mode"], "railforge_stops": [s["waypoint"] for s in patrol["stops"]]})
    for junction in data.get("junctions", []):
        empty = link(target, junction["id"], None)
        empty.empty_display_type = "CIRCLE"
        empty.location = junction["position"]
        id_properties(empty, "junction", junction["id"], junction.get("properties"),
                      {"railforge_ways": json.dumps(junction["ways"]), "railforge_default": junction.get("default", "")})
    return "RailForge: %d rails, %d waypoints, %d patrols" % (len(data["rails"]), len(nodes), len(data["patrols"]))
