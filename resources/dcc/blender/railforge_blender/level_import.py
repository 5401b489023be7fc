# Building Blender objects from a RailForge engine export (docs/export-format.md), version 2.
# Axes and units: RailForge's z-up, right-handed level units are Blender's; nothing is converted.
import hashlib
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
# A level's custom property NAME is kept on its object as "rf_NAME" when Blender holds it as it is.
PROPERTY_PREFIX = "rf_"
# The properties Blender cannot hold as they are (a name over 63 bytes with the prefix, an integer
# beyond 32 bits, true/false in Blender 3.x, which stores them as 0/1), as one JSON object of
# name -> value: JSON keeps any name and RailForge's 64-bit integers and types exactly.
TEXT_PROPERTIES = "railforge_properties_text"
# How many of the properties kept as text the import's summary names (the rest are counted).
NAMED_IN_SUMMARY = 6


class ImportFailed(Exception):
    """A level that cannot be imported, with the reason for the designer."""


def level_text(path):
    """A level file's text exactly as it is (line endings kept): the base of a three-way export."""
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


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
    fill_curve(curve, rail)
    return curve


def fill_curve(curve, rail):
    """Makes `curve`'s one spline the rail's: its knots, tilts, closed and twist (an import, and an
    export's refresh of a curve in place, keeping the curve's own settings such as its bevel)."""
    curve.twist_mode = TWIST.get(rail.get("frame", "minimal-twist"), "MINIMUM")
    curve.splines.clear()
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


def rail_extras(rail):
    """What an imported rail object keeps of its rail beside its id and properties."""
    extra = {"railforge_length": rail["length"]}
    if rail.get("channels"):
        extra["railforge_channels"] = json.dumps(rail["channels"])
    return extra


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


def held_exactly(obj, key, value):
    """Whether Blender holds `value` under `key` as it is: it takes the name and the value and reads
    back the same value of the same type. Blender refuses names over 63 bytes (KeyError) and integers
    beyond 32 bits (OverflowError), and Blender 3.x turns true/false into 1/0; asking Blender itself
    keeps this right in versions that hold more. Leaves nothing under `key` when the answer is no."""
    try:
        obj[key] = value
    except (KeyError, OverflowError, TypeError, ValueError):
        return False
    back = obj[key]
    if type(back) is type(value) and back == value:
        return True
    del obj[key]
    return False


def why_text(name, value):
    """Why a property went to TEXT_PROPERTIES, for the import's summary."""
    if len((PROPERTY_PREFIX + name).encode("utf-8")) > 63:
        return "name over 63 bytes"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "integer beyond 32 bits"
    return "a value Blender cannot hold as it is"


def id_properties(obj, kind, ident, properties, extra=None):
    """What RailForge knows of an object, kept on it: its kind and id, and its custom properties
    (each as rf_NAME, or in TEXT_PROPERTIES when Blender cannot hold it as it is). Returns what went
    to text, as (kind, id, name, why) for the import's summary."""
    obj["railforge_kind"] = kind
    obj["railforge_id"] = ident
    as_text = {}
    for name, value in (properties or {}).items():
        if not held_exactly(obj, PROPERTY_PREFIX + name, value):
            as_text[name] = value
    if as_text:
        try:
            # Names and texts as they are, readable in Blender's custom properties panel...
            obj[TEXT_PROPERTIES] = json.dumps(as_text, ensure_ascii=False)
        except UnicodeEncodeError:
            # ...unless a text holds what UTF-8 cannot (a lone surrogate): then escaped, still exact.
            obj[TEXT_PROPERTIES] = json.dumps(as_text)
    for name, value in (extra or {}).items():
        obj[name] = value
    return [(kind, ident, name, why_text(name, value)) for name, value in as_text.items()]


def custom_properties(obj):
    """The level's custom properties of an imported object, exactly as in the level: the rf_NAME
    ones and those kept as text (for scripts and the add-on's test)."""
    found = {key[len(PROPERTY_PREFIX):]: obj[key] for key in obj.keys() if key.startswith(PROPERTY_PREFIX)}
    found.update(json.loads(obj.get(TEXT_PROPERTIES, "{}")))
    return found


def text_note(kept):
    """The summary's words on the properties kept as text: where they are, and which (the first few)."""
    if not kept:
        return ""
    named = ["%s %s: %s (%s)" % entry for entry in kept[:NAMED_IN_SUMMARY]]
    more = " and %d more" % (len(kept) - NAMED_IN_SUMMARY) if len(kept) > NAMED_IN_SUMMARY else ""
    return "; %d %s Blender cannot hold kept as text in %s: %s%s" % (
        len(kept), "property" if len(kept) == 1 else "properties", TEXT_PROPERTIES, "; ".join(named), more)


def all_data_blocks():
    """Every data-block in the file (objects, curves, meshes, collections, ...). Asking bpy.data for
    all its kinds keeps an import's undoing whole when the import makes a kind it does not make today."""
    for prop in bpy.types.BlendData.bl_rna.properties:
        if prop.type == "COLLECTION":
            yield from (item for item in getattr(bpy.data, prop.identifier) if isinstance(item, bpy.types.ID))


def data_blocks():
    """The addresses of every data-block now: what an import made is what is new after it."""
    return {item.as_pointer() for item in all_data_blocks()}


def remove_new_data(before):
    """Removes every data-block made since `before` (data_blocks()): objects leave the collections
    and scenes they were linked into, and a RailForge collection made by the import goes too."""
    new = [item for item in all_data_blocks() if item.as_pointer() not in before]
    if new:
        bpy.data.batch_remove(new)


# Where the scene keeps the level it came from: its path, and its text as imported (the export's base).
LEVEL_PATH = "railforge_level"
LEVEL_BASE = "railforge_base"
LEVEL_BASE_DIGEST = "railforge_base_sha256"


def remember_base(scene, path, text):
    scene[LEVEL_PATH] = os.path.abspath(path)
    scene[LEVEL_BASE] = text
    scene[LEVEL_BASE_DIGEST] = hashlib.sha256(text.encode("utf-8")).hexdigest()


class Progress:
    """What the import is building now, named in the message when it fails."""

    def __init__(self):
        self.step = "reading the level"


def import_level(context, path, cli=None):
    """Imports the level at `path` into the scene's RailForge collection; returns a summary. All or
    nothing: when anything fails, every data-block made so far is removed, the scene is as it was,
    and ImportFailed says what failed where."""
    progress = Progress()
    before = data_blocks()
    try:
        base = None if path.lower().endswith(".json") else level_text(path)
        data = read_export(path, cli)
        summary = build_level(context, path, data, progress, base)
    except BaseException as error:  # any failure at all (an interrupt too): undo it, then say what and where
        remove_new_data(before)
        if isinstance(error, ImportFailed) or not isinstance(error, Exception):
            raise
        raise ImportFailed("%s: import failed at %s (%s: %s); nothing was imported" %
                           (path, progress.step, type(error).__name__, error)) from error
    return summary


def build_level(context, path, data, progress, base=None):
    """Makes the level's objects in the scene's RailForge collection (import_level undoes it on a
    failure); returns the summary."""
    target = collection(context)
    kept = []  # the properties kept as text, for the summary
    for rail in data["rails"]:
        progress.step = "rail %s" % rail.get("id")
        obj = link(target, rail["id"], rail_curve(rail))
        # The name it was imported under: an object renamed since renames its rail on export.
        kept += id_properties(obj, "rail", rail["id"], rail.get("properties"),
                              dict(rail_extras(rail), railforge_name=obj.name))
    nodes = data["graph"]["nodes"]
    for node in nodes:
        progress.step = "waypoint %s" % node.get("id")
        empty = link(target, node["id"], None)
        empty.empty_display_type = "SPHERE"
        empty.empty_display_size = 0.5
        empty.location = node["position"]
        kept += id_properties(empty, "waypoint", node["id"], node.get("properties"))
    if nodes:
        progress.step = "the waypoint graph"
        id_properties(link(target, "graph", graph_mesh(data["graph"])), "graph", "graph", {})
    for patrol in data["patrols"]:
        progress.step = "patrol %s" % patrol.get("id")
        if len(patrol["samples"]) >= 2:
            obj = link(target, patrol["id"], poly_curve(patrol["id"], [row[1:4] for row in patrol["samples"]]))
            kept += id_properties(obj, "patrol", patrol["id"], patrol.get("properties"),
                                  {"railforge_mode": patrol["mode"], "railforge_stops": [s["waypoint"] for s in patrol["stops"]]})
    for junction in data.get("junctions", []):
        progress.step = "junction %s" % junction.get("id")
        empty = link(target, junction["id"], None)
        empty.empty_display_type = "CIRCLE"
        empty.location = junction["position"]
        kept += id_properties(empty, "junction", junction["id"], junction.get("properties"),
                              {"railforge_ways": json.dumps(junction["ways"]), "railforge_default": junction.get("default", "")})
    if base is not None:
        # Last, so a failed import leaves the level Export writes back to, and its base, as they were.
        # The level's text as imported is the base of the three-way export (level_export.py): what
        # changed on disk since is told from what the artist changed here.
        remember_base(context.scene, path, base)
    return "RailForge: %d rails, %d waypoints, %d patrols%s" % (len(data["rails"]), len(nodes), len(data["patrols"]),
                                                              text_note(kept))
