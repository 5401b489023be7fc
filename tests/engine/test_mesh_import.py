#!/usr/bin/env python3
"""The track meshes `railforge-cli export-mesh` writes (glTF 2.0 .glb, docs/export-format.md "Track
meshes") read by real clients with their own glTF importers, and checked inside them:
- Godot 3.2 (godot3-server, headless): the editor imports every .glb of one project with its own
  importer (Godot 3 has no glTF loader at run time; tests/engine/mesh_import_editor is a plugin that
  waits for the import), then godot_mesh_check.gd loads each imported scene as a game would and
  checks in GDScript, with Godot's nodes, transforms and ArrayMesh arrays;
- Blender 3.4 (blender -b, one process for all files): its bundled importer
  (bpy.ops.import_scene.gltf, default options) reads each file into an empty factory scene, and
  blender_mesh_check.py checks Blender's evaluated meshes and matrix_world.
The check: every vertex of each rail's mesh lies within 1e-3 m of the rail's profile (the section's
outline points, where the sweep puts every vertex: two running rails at standard gauge by default, or
the rail's track style) placed at the nearest exported sample's frame: `railforge-cli export` at
spacing 0.01 (level units), the sample whose s is nearest the vertex's UV v (its station's s, in
metres), the distance measured in that sample's cross-section plane (right = tangent x up, up), the
along-track part left out; where the tangent jumps between the two samples around s (a linear rail's
corner), the nearer of the two. Every vertex of every rail is checked (every Nth of a rail with more
than 20,000 vertices: none of today's levels).
For every level of resources/levels, tests/data/levels and its folders with a rail of two or more
points that passes `railforge-cli validate`, and a level made here with rail ids the engines rename
(Godot 3.2 keeps only letters, digits, _, - and spaces in a node's name; Blender cuts names to 63
bytes) and the styles no level of the repository uses (ribbon, cable, and a custom section to the
right of the curve only, which tells right from left): each rail's node is found under the name the
engine gives it, and the top nodes are exactly the rails.
Rails over 2000 m (extreme-scale.yaml's two round the world: their default mesh is 1.2 GB, and 32-bit
floats cannot hold millimetres there) are held only to their node and mesh, in a file exported with a
1 km chord error. That level's other rails, in their own file at the default chord error, take their
frames from a copy of the level holding only them, exported at 1e-4: their repeated points make
near-cusps where the tangent turns by up to 69 degrees within 0.01, and at 0.01 the nearest sample's
frame is up to 0.12 m off the ring's. Its two rails shorter than 1 mm (a 1.4 m section on a 2e-6 m
curve: no spacing the export takes resolves their frame) are measured and printed, not held.
Godot imports with mesh compression off (project setting importer_defaults): its default stores UVs as
half floats, v = s to 1/2048 of itself (0.125 m at 256 m).
Then one vertex of one rail is moved by 5 mm along its frame's up in a copy of a .glb (still valid
glTF), and both engines must fail that rail, about 5 mm off, and only it.
Usage: test_mesh_import.py RAILFORGE_CLI SOURCE_DIR"""
import glob
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from checklist import check, finish  # noqa: E402
from glb_read import accessor, read_glb  # noqa: E402

cli, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
godot = shutil.which("godot3-server")
blender = shutil.which("blender")

TOLERANCE = 1e-3  # metres
SPACING = 0.01  # level units
FINE_SPACING = {"tests/data/levels/extreme-scale.yaml": 1e-4}
LONG = 2000.0  # metres: longer rails are held to their node only
TINY = 1e-3  # metres: shorter rails are measured, not held
MAX_VERTICES = 20000  # per rail; beyond, every Nth
COARSE_CHORD = "1000"  # metres, for the file that holds the long rails
MOVE = 0.005  # metres, the moved vertex
DEFAULT_SIZE = {"rails": 1.435, "tube": 0.6, "ribbon": 1.2, "cable": 0.05}  # metres (docs/design.md)

# A level made here: rail ids the engines rename (Godot 3.2's importer drops what is not a letter, digit,
# _, - or space; Blender cuts names to 63 bytes), and the track styles no level of the repository uses
# (ribbon, cable, a custom section), on tilted curves; the custom one lies to the right of the curve
# only, so a profile placed with right and left swapped would be at least 0.4 m off (measured: 1.2 m).
MADE_LEVEL = """railforge: 1
level: {name: Made here, units: m}
rails:
  - {id: yard.east, points: [[0, 0, 0], [10, 0, 0]]}
  - {id: "line:2", points: [[0, 5, 0], [10, 5, 2]]}
  - {id: "x@y%z/w", points: [[0, 10, 0], [10, 10, 0], [20, 20, 0]]}
  - {id: 'q"uote', points: [[0, 15, 0], [10, 15, 0]]}
  - {id: élan vital, points: [[0, 20, 0], [10, 20, 0]]}
  - {id: a_rail_id_far_longer_than_the_sixty_three_bytes_blender_keeps_of_a_name, points: [[0, 25, 0], [10, 25, 0]]}
  - id: lopsided
    points: [[0, 30, 0], {at: [10, 34, 1], tilt: 30}, [20, 30, 3]]
    track: {section: [[0.2, 0], [1.0, 0], [0.2, 0.6]]}
  - {id: catwalk, points: [[0, 40, 0], {at: [10, 44, 0], tilt: -20}, [20, 40, 0]], track: {section: ribbon, size: 2}}
  - {id: wire, points: [[0, 50, 5], [10, 52, 4], [20, 50, 5]], track: {section: cable}}
"""


def run(*args, timeout=600):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


def godot_name(rail_id):
    """The name Godot 3.2's glTF import gives a rail's node (its "legacy" names: only letters, digits,
    _, - and spaces kept; measured with the ids of MADE_LEVEL)."""
    return re.sub(r"[^A-Za-z0-9_ -]", "", rail_id)


def blender_name(rail_id):
    """The name Blender gives a rail's object: the id's first 63 bytes."""
    return rail_id.encode("utf-8")[:63].decode("utf-8", "ignore")


def profile(track, per_unit):
    """The section's outline points in level units (src/core/track_section.cpp), from the rail's
    `track` as the level gives it (text), x to the rider's right, y up."""
    track = track or {}
    style = track.get("section", "rails")
    if isinstance(style, list):
        return [[float(x), float(y)] for x, y in style]
    size = float(track["size"]) if "size" in track else DEFAULT_SIZE[style] / per_unit
    if style == "rails":
        g, w, h = size, 0.07 * size, 0.1 * size
        return [[x, y] for x in (-g / 2 - w / 2, -g / 2 + w / 2, g / 2 - w / 2, g / 2 + w / 2) for y in (-h, 0.0)]
    if style == "ribbon":
        return [[x, y] for x in (-size / 2, size / 2) for y in (-0.05 * size, 0.0)]
    sides = {"tube": 16, "cable": 8}[style]
    return [[size / 2 * math.cos(2 * math.pi * k / sides), size / 2 * math.sin(2 * math.pi * k / sides)]
            for k in range(sides)]


def export(level, out, spacing):
    r = run("export", level, "-o", out, "--spacing", repr(spacing))
    check(r.returncode == 0, "%s: exports at spacing %g" % (level, spacing), found=r.stderr)
    if r.returncode != 0:
        return None
    with open(out) as f:
        return json.load(f)


def vertex_counts(glb):
    gltf, _ = read_glb(glb)
    return {gltf["nodes"][i]["name"]: gltf["accessors"][gltf["meshes"][gltf["nodes"][i]["mesh"]]["primitives"][0]
                                                        ["attributes"]["POSITION"]]["count"]
            for i in gltf["scenes"][0]["nodes"]}


def plan_level(tmp, project, level, name, slug):
    """Exports one level's meshes into the Godot project and its frames beside; returns its plan entries."""
    try:
        with open(level, encoding="utf-8-sig") as f:
            doc = yaml.load(f, Loader=yaml.BaseLoader)  # ids stay text
    except yaml.YAMLError:
        return []  # the deliberately broken levels
    rails = [r for r in (doc or {}).get("rails", []) or [] if len(r.get("points", [])) >= 2]
    if not rails or run("validate", level).returncode != 0:
        return []
    # The rails' lengths, and the units, from an export with one sample per rail end.
    coarse = export(level, os.path.join(tmp, slug + ".lengths.json"), 1e9)
    if coarse is None:
        return []
    per_unit = coarse["coordinates"]["metres_per_unit"] or 1.0
    metres = {r["id"]: r["length"] * per_unit for r in coarse["rails"]}
    long = [r["id"] for r in rails if metres[r["id"]] > LONG]
    short = [r for r in rails if r["id"] not in long]
    files = []

    def entry(glb, frames, listed, checked):
        """A file of the plan: the rails it holds, those whose vertices are checked."""
        return {"glb": glb, "scene": "res://" + os.path.basename(glb), "level": name, "export": frames,
                "metres_per_unit": per_unit, "rails": [
                    {"id": r["id"], "godot": godot_name(r["id"]), "blender": blender_name(r["id"]),
                     "check": r in checked, "hold": metres[r["id"]] >= TINY, "stride": 1,
                     "outline": profile(r.get("track"), per_unit)} for r in listed]}

    if long:
        # The whole level, coarse, for the nodes of its long rails (and every other).
        whole = os.path.join(project, slug + "-whole.glb")
        r = run("export-mesh", level, "-o", whole, "--chord-error", COARSE_CHORD)
        check(r.returncode == 0, "%s: its meshes export (chord error %s m)" % (name, COARSE_CHORD), found=r.stderr)
        if r.returncode == 0:
            files.append(entry(whole, None, rails, []))
        if not short:
            return files
        # The frames of the others from a copy of the level holding only them.
        with open(level, encoding="utf-8-sig") as f:
            full = yaml.safe_load(f)
        copy = {"railforge": full["railforge"], "level": full["level"],
                "rails": [r for r in full["rails"] if str(r["id"]) not in long]}
        frames_level = os.path.join(tmp, slug + ".short.yaml")
        with open(frames_level, "w") as f:
            yaml.safe_dump(copy, f, sort_keys=False)
        source_for_frames = frames_level
    else:
        source_for_frames = level
    glb = os.path.join(project, slug + ".glb")
    only = [a for r in short for a in ("--rail", r["id"])] if long else []
    r = run("export-mesh", level, "-o", glb, *only)
    check(r.returncode == 0 and os.path.exists(glb), "%s: its meshes export" % name, found=r.stderr)
    if r.returncode != 0:
        return files
    frames = os.path.join(tmp, slug + ".json")
    data = export(source_for_frames, frames, FINE_SPACING.get(name, SPACING))
    if data is None:
        return files
    check(all(abs(r["length"] * per_unit - metres[r["id"]]) <= 1e-9 * max(1.0, metres[r["id"]]) for r in data["rails"])
          and sorted(r["id"] for r in data["rails"]) == sorted(r["id"] for r in short),
          "%s: the frames are its rails'" % name)
    item = entry(glb, frames, short, short)
    counts = vertex_counts(glb)
    for rail in item["rails"]:
        rail["stride"] = max(1, math.ceil(counts.get(rail["id"], 0) / MAX_VERTICES))
    files.append(item)
    return files


def move_vertex(glb, out, rail_id, frames):
    """Copies `glb` to `out` with one vertex of rail_id's mesh moved by MOVE along its frame's up (the
    nearest exported sample's, in glTF's axes), inside the mesh's bounds so the file stays valid.
    Returns the vertex's index."""
    gltf, blob = read_glb(glb)
    node = next(n for n in gltf["nodes"] if n.get("name") == rail_id)
    position = gltf["meshes"][node["mesh"]]["primitives"][0]["attributes"]["POSITION"]
    uv = gltf["meshes"][node["mesh"]]["primitives"][0]["attributes"]["TEXCOORD_0"]
    a = gltf["accessors"][position]
    view = gltf["bufferViews"][a["bufferView"]]
    points, uvs = accessor(gltf, blob, position), accessor(gltf, blob, uv)
    rows = next(r for r in frames["rails"] if r["id"] == rail_id)["samples"]
    per_unit = frames["coordinates"]["metres_per_unit"] or 1.0
    for k in range(len(points) // 2, len(points)):
        row = min(rows, key=lambda r: abs(r[0] * per_unit - uvs[k][1]))
        up = (row[7], row[9], -row[8])  # level (x, y, z) -> glTF (x, z, -y)
        moved = [points[k][i] + MOVE * up[i] for i in range(3)]
        if all(a["min"][i] <= moved[i] <= a["max"][i] for i in range(3)):
            break
    data = bytearray(open(glb, "rb").read())
    json_length = struct.unpack_from("<I", data, 12)[0]
    at = 20 + json_length + 8 + view.get("byteOffset", 0) + a.get("byteOffset", 0) + k * view.get("byteStride", 12)
    struct.pack_into("<3f", data, at, *moved)
    with open(out, "wb") as f:
        f.write(data)
    return k


def parse(lines):
    """An engine's NODES and RAIL lines: {scene: names}, {(scene, rail): (vertices, checked, off, worst, s)}."""
    nodes, rails = {}, {}
    for line in lines:
        if line.startswith("NODES "):
            _, scene, names = line.split(" ", 2)
            nodes[scene] = json.loads(names)
        elif line.startswith("RAIL "):
            m = re.match(r"RAIL (\S+) (.*) vertices (\d+) checked (\d+) off (\d+) worst (\S+) s (\S+)$", line)
            if m:
                rails[(m.group(1), m.group(2))] = (int(m.group(3)), int(m.group(4)), int(m.group(5)),
                                                   float(m.group(6)), float(m.group(7)))
    return nodes, rails


def judge(engine, files, code, lines):
    """What an engine's run over every file must show: its check passed; each file's top nodes are
    exactly its rails, by the names the engine gives them; each rail found with vertices, and measured
    when it is checked. Prints the worst offset per level."""
    for line in lines:
        if line.startswith("FAIL"):
            print("  [%s] %s" % (engine, line))
    check(code == 0 and any(l.startswith("RAILFORGE-MESH: PASS") for l in lines),
          "%s: every check passed (exit %d)" % (engine, code))
    nodes, rails = parse(lines)
    for file in files:
        names = nodes.get(file["scene"])
        expected = sorted(r[engine] for r in file["rails"])
        check(names is not None and sorted(names) == expected,
              "%s: %s's top nodes are its rails, as %s names them" % (engine, file["scene"], engine),
              expected=expected, found=names)
        worst, where, checked = 0.0, "", 0
        for rail in file["rails"]:
            got = rails.get((file["scene"], rail["id"]))
            check(got is not None and got[0] > 0, "%s: %s rail %s found, with vertices" % (engine, file["scene"], rail["id"]),
                  found=got)
            if got is None or not rail["check"]:
                continue
            check(got[1] > 0, "%s: %s rail %s: vertices checked" % (engine, file["scene"], rail["id"]), found=got)
            checked += got[1]
            if not rail["hold"]:
                print("  [%s] %s rail %s (under %g m, not held): worst %.3g m" % (engine, file["level"], rail["id"],
                                                                              TINY, got[3]))
            elif got[3] >= worst:
                worst, where = got[3], "rail %s at s %.3f m" % (rail["id"], got[4])
        if checked:
            print("  [%s] %-40s %6d vertices, worst %.3g m (%s)" % (engine, file["level"], checked, worst, where))


def judge_moved(engine, moved, rail_id, code, lines):
    """The file with a moved vertex: the engine's check exits non-zero and names the rail, finds that
    one vertex about MOVE off, and the file's other rails on their profiles."""
    _, rails = parse(lines)
    failed = [l for l in lines if l.startswith("FAIL")]
    check(code != 0 and not any(l.startswith("RAILFORGE-MESH: PASS") for l in lines),
          "%s: a vertex moved by %g m fails the check (exit %d)" % (engine, MOVE, code))
    check(any(" %s: " % rail_id in l and "off the profile" in l for l in failed),
          "%s: and the failure names rail %s" % (engine, rail_id), found=failed)
    got = rails.get((moved["scene"], rail_id))
    check(got is not None and got[2] == 1 and 0.8 * MOVE < got[3] < 1.2 * MOVE,
          "%s: one vertex found about %g m off" % (engine, MOVE), found=got)
    print("  [%s] moved file: rail %s: %s vertex off, by %.4g m" %
          (engine, rail_id, got[2] if got else "no", got[3] if got else float("nan")))
    for rail in moved["rails"]:
        if rail["id"] != rail_id:
            got = rails.get((moved["scene"], rail["id"]))
            check(got is not None and got[2] == 0, "%s: the moved file's rail %s still passes" % (engine, rail["id"]),
                  found=got)


def engine_env(home, **extra):
    return dict(os.environ, HOME=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home, XDG_CACHE_HOME=home,
                LC_ALL="C.UTF-8", **extra)


def godot_import(project, count):
    """The Godot editor imports the project's .glb files; the plugin says when they are. Then the editor
    is ended here: godot3-server 3.2.3 never finishes quitting an editor whose project holds scenes."""
    log, errors = os.path.join(project, "..", "editor.out"), os.path.join(project, "..", "editor.err")
    done = None
    with open(log, "w", encoding="utf-8") as out, open(errors, "w", encoding="utf-8") as err:
        editor = subprocess.Popen([godot, "-e", "--no-window", "--path", project], stdout=out, stderr=err,
                                  env=engine_env(project))
        deadline = time.time() + 180
        while done is None and time.time() < deadline and editor.poll() is None:
            time.sleep(0.2)
            with open(log, encoding="utf-8", errors="replace") as f:
                complete = f.read().split("\n")[:-1]  # a line still being written is not read yet
            done = next((l for l in complete if l.startswith("RAILFORGE-IMPORT: imported")), None)
        if editor.poll() is None:
            editor.terminate()
            try:
                editor.wait(10)
            except subprocess.TimeoutExpired:
                editor.kill()
                editor.wait()
    with open(log, encoding="utf-8", errors="replace") as f:
        text = f.read()
    done = next((l for l in text.splitlines() if l.startswith("RAILFORGE-IMPORT: imported")), None)
    check(done == "RAILFORGE-IMPORT: imported %d of %d" % (count, count), "the Godot editor imported every .glb",
          expected=count, found=done or text[-1500:])
    version = next((l for l in text.splitlines() if l.startswith("Godot Engine")), "Godot: no version line")
    print(version)


def run_godot(project, plan):
    """godot_mesh_check.gd over the plan's files: (exit code, stdout lines)."""
    r = subprocess.run([godot, "--no-window", "--path", project, "-s", "res://godot_mesh_check.gd"],
                       capture_output=True, text=True, encoding="utf-8", errors="replace",
                       env=engine_env(project, RAILFORGE_MESH_PLAN=plan), timeout=300)
    lines = r.stdout.splitlines()
    check("RAILFORGE-MESH: started" in lines, "Godot ran the check script: " + (r.stdout + r.stderr)[-2000:])
    check("SCRIPT ERROR" not in r.stderr, "no GDScript error: " + r.stderr[-1500:])
    return r.returncode, lines


def run_blender(home, plan):
    """blender_mesh_check.py over the plan's files, in one Blender: (exit code, stdout lines)."""
    # Debian's Blender embeds the system Python, which takes its library from the first python3 on PATH:
    # a pyenv or venv python3 ahead of /usr/bin would hand it one without numpy, which its glTF importer
    # needs. The python3 beside blender first.
    path = os.path.dirname(os.path.realpath(blender)) + os.pathsep + os.environ.get("PATH", "")
    r = subprocess.run([blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python",
                        os.path.join(here, "blender_mesh_check.py"), "--", plan],
                       capture_output=True, text=True, encoding="utf-8", errors="replace",
                       env=engine_env(home, PATH=path), timeout=600)
    lines = r.stdout.splitlines()
    started = next((l for l in lines if l.startswith("RAILFORGE-MESH: started")), None)
    check(started is not None, "Blender ran the check script: " + (r.stdout + r.stderr)[-2000:])
    check("Traceback" not in r.stdout + r.stderr, "no Python error in Blender: " + (r.stdout + r.stderr)[-2000:])
    return r.returncode, lines


def main():
    check(godot is not None, "godot3-server is installed (tools/install-deps.sh)")
    check(blender is not None, "blender is installed (tools/install-deps.sh)")
    if godot is None or blender is None:
        return
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="railforge-mesh-") as tmp:
        project = os.path.join(tmp, "project")
        os.makedirs(os.path.join(project, "addons"))
        with open(os.path.join(project, "project.godot"), "w") as f:
            f.write('config_version=4\n\n[application]\n\nconfig/name="RailForge mesh import"\n\n'
                    '[editor_plugins]\n\nenabled=PoolStringArray( "mesh_import_editor" )\n\n'
                    # Exact UVs: Godot's default import compresses them to half floats.
                    '[importer_defaults]\n\nscene={\n"meshes/compress": false\n}\n')
        shutil.copytree(os.path.join(here, "mesh_import_editor"), os.path.join(project, "addons", "mesh_import_editor"))
        shutil.copy(os.path.join(here, "godot_mesh_check.gd"), project)

        levels = sorted(glob.glob(os.path.join(source, "resources", "levels", "*.yaml")) +
                        glob.glob(os.path.join(source, "tests", "data", "levels", "*.yaml")) +
                        glob.glob(os.path.join(source, "tests", "data", "levels", "*", "*.yaml")))
        made = os.path.join(tmp, "made.yaml")
        with open(made, "w", encoding="utf-8") as f:
            f.write(MADE_LEVEL)
        files = []
        for i, level in enumerate(levels + [made]):
            name = os.path.relpath(level, source) if level != made else "made.yaml (made here)"
            files += plan_level(tmp, project, level, name, "%02d-%s" % (i, os.path.basename(level)[:-len(".yaml")]))
        exported = len({f["level"] for f in files})
        check(exported >= 15, "levels with rails exported (%d)" % exported)
        print("%d levels exported, %d files, in %.1f s" % (exported, len(files), time.time() - started))

        # The failing case: one vertex of the demo's first rail moved by 5 mm, in a file of its own.
        demo = next(f for f in files if f["level"] == "resources/levels/demo.yaml")
        with open(demo["export"]) as f:
            demo_frames = json.load(f)
        moved_rail = demo["rails"][0]["id"]
        moved = dict(demo, glb=os.path.join(project, "moved.glb"), scene="res://moved.glb", level="moved.glb")
        index = move_vertex(demo["glb"], moved["glb"], moved_rail, demo_frames)
        print("moved vertex %d of rail %s by %g m along its up in moved.glb" % (index, moved_rail, MOVE))

        plan, moved_plan = os.path.join(tmp, "plan.json"), os.path.join(tmp, "moved-plan.json")
        with open(plan, "w") as f:
            json.dump({"tolerance": TOLERANCE, "files": files}, f)
        with open(moved_plan, "w") as f:
            json.dump({"tolerance": TOLERANCE, "files": [moved]}, f)

        # Godot: one import of every file, one check of all, one of the moved file alone.
        t = time.time()
        godot_import(project, len(files) + 1)
        judge("godot", files, *run_godot(project, plan))
        judge_moved("godot", moved, moved_rail, *run_godot(project, moved_plan))
        print("Godot: %.1f s" % (time.time() - t))

        # Blender: one process for every file, one for the moved file.
        t = time.time()
        judge("blender", files, *run_blender(tmp, plan))
        judge_moved("blender", moved, moved_rail, *run_blender(tmp, moved_plan))
        print("Blender: %.1f s" % (time.time() - t))
    print("%.1f s in all" % (time.time() - started))


main()
finish()
