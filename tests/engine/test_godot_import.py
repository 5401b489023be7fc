#!/usr/bin/env python3
"""The export inside a real engine: exports levels to JSON, imports them in Godot 3 (headless,
godot3-server) with the shipped importer (resources/engines/godot), and lets godot_check.gd
compare the engine's own curves with the exported samples, patrol stops with their s, and the
graph; Godot's AStar routes are checked here against Dijkstra on the exported graph. Then moves
one knot in an export, and negates a rail's tilts in another, and expects the engine check to
fail each time. Last, the editor addon inside the Godot editor (headless): its import writes the
scene and the editor opens it. Fails when Godot does not start.
Usage: test_godot_import.py RAILFORGE_CLI SOURCE_DIR"""
import heapq
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from checklist import check, finish  # noqa: E402

cli, source = sys.argv[1], sys.argv[2]
godot = shutil.which("godot3-server")


def dijkstra(data, start):
    arcs = {}
    for e in data["graph"]["edges"]:
        arcs.setdefault(e["from"], []).append((e["to"], e["cost"]))
        if e["bidirectional"]:
            arcs.setdefault(e["to"], []).append((e["from"], e["cost"]))
    best = {start: 0.0}
    queue = [(0.0, start)]
    while queue:
        d, n = heapq.heappop(queue)
        if d > best[n]:
            continue
        for m, c in arcs.get(n, []):
            if d + c < best.get(m, float("inf")):
                best[m] = d + c
                heapq.heappush(queue, (d + c, m))
    return best


def run_godot(project, export, rides=""):
    """Runs the check in Godot; returns (exit code, stdout lines)."""
    env = dict(os.environ, HOME=project, XDG_CONFIG_HOME=project, XDG_DATA_HOME=project,
               XDG_CACHE_HOME=project, LC_ALL="C.UTF-8", RAILFORGE_EXPORT=export, RAILFORGE_RIDES=rides)
    run = subprocess.run([godot, "--no-window", "--path", project, "-s", "res://godot_check.gd"],
                         capture_output=True, text=True, env=env, timeout=120)
    lines = run.stdout.splitlines()
    check("RAILFORGE-ENGINE: started" in lines, "Godot started and ran the check script: " + run.stdout[-2000:] + run.stderr[-2000:])
    return run.returncode, lines, run.stderr


def engine_passes(project, export, name, rides=""):
    code, lines, stderr = run_godot(project, export, rides)
    for line in lines:
        if line.startswith("rail ") or line.startswith("graph:") or line.startswith("FAIL"):
            print("  [godot] " + line)
    passed = any(line.startswith("RAILFORGE-ENGINE: PASS") for line in lines)
    check("SCRIPT ERROR" not in stderr, name + ": no GDScript error: " + stderr[-1500:])
    check(code == 0 and passed and not any(l.startswith("FAIL") for l in lines),
          name + ": every engine check passed (exit %d)%s" % (code, "" if passed else ": " + stderr[-1500:]))
    with open(export) as f:
        data = json.load(f)
    # Every channel (events aside) was compared in the engine, row by row.
    channels = [(r["id"], n) for r in data["rails"] for n, c in r.get("channels", {}).items() if c["type"] != "event"]
    compared = [tuple(line.split()[1:3]) for line in lines if line.startswith("CHANNEL ")]
    check(sorted(compared) == sorted(channels), name + ": sample_channel was checked on every channel: " + str(compared))
    routes = [line.split() for line in lines if line.startswith("ROUTE ")]
    ids = [n["id"] for n in data["graph"]["nodes"]]
    check(len(routes) == len(ids) ** 2, name + ": Godot's AStar asked for every pair of waypoints")
    wrong = 0
    for _, a, b, cost in routes:
        best = dijkstra(data, a).get(b)
        if best is None:
            wrong += cost != "none"
        else:
            wrong += cost == "none" or abs(float(cost) - best) > 1e-9 * max(1.0, best)
    check(wrong == 0, name + ": Godot's AStar routes cost what Dijkstra on the exported graph says (%d differ)" % wrong)
    return lines


def cli_rides(tmp, level):
    """Rides of `level` by railforge-cli ride, for the engine's RailWalker to repeat: (JSON path, rides)."""
    rides = []
    for rail, forward, speed, dt, duration, choices in (("main", True, 10, 0.1, 15, []),
                                                         ("main", True, 7, 0.25, 20, ["main", "to_lift"]),
                                                         ("main", True, 10, 0.5, 8, ["spur"]),
                                                         ("to_mine", False, 10, 1, 20, [])):
        options = ["--rail", rail, "--from", "start" if forward else "end", "--speed", str(speed), "--dt", str(dt),
                   "--duration", str(duration)]
        if choices:
            options += ["--choose", "sequence:" + ",".join(choices)]
        run = subprocess.run([cli, "ride", level] + options, capture_output=True, text=True)
        check(run.returncode == 0, "ride " + " ".join(options) + ": " + run.stderr)
        rows = [line.split(",") for line in run.stdout.splitlines()[1:]]
        rows = [[float(r[0]), r[1], float(r[2]), float(r[3]), float(r[4]), float(r[5])] for r in rows]
        rides.append({"rail": rail, "s": rows[0][2], "forward": forward, "speed": speed, "dt": dt,
                      "choices": choices, "rows": rows})
    path = os.path.join(tmp, "rides.json")
    with open(path, "w") as f:
        json.dump(rides, f)
    return path, rides


def editor_imports(tmp, export):
    """The addon inside the Godot editor (headless): its import writes the scene and opens it."""
    project = os.path.join(tmp, "editor-project")
    os.makedirs(os.path.join(project, "addons"))
    with open(os.path.join(project, "project.godot"), "w") as f:
        f.write('config_version=4\n\n[editor_plugins]\n\nenabled=PoolStringArray( "railforge_import", "railforge_check" )\n')
    shutil.copytree(os.path.join(source, "resources/engines/godot/addons/railforge_import"),
                    os.path.join(project, "addons/railforge_import"))
    shutil.copytree(os.path.join(source, "tests/engine/editor_check"), os.path.join(project, "addons/railforge_check"))
    env = dict(os.environ, HOME=project, XDG_CONFIG_HOME=project, XDG_DATA_HOME=project,
               XDG_CACHE_HOME=project, LC_ALL="C.UTF-8", RAILFORGE_EXPORT=export)
    run = subprocess.run([godot, "-e", "--no-window", "--path", project], capture_output=True, text=True, env=env,
                         timeout=120)
    lines = run.stdout.splitlines()
    check("RAILFORGE-EDITOR: started" in lines, "the Godot editor started with the addon: " + run.stdout[-1500:] + run.stderr[-1500:])
    with open(export) as f:
        rails = len(json.load(f)["rails"])
    scene = "res://" + os.path.basename(export)[:-len(".json")] + ".tscn"
    check("RAILFORGE-EDITOR: scene %s True rails %d" % (scene, rails) in lines and run.returncode == 0,
          "the addon's import wrote %s and the editor opened it with %d rails: %s" % (scene, rails, run.stdout[-800:]))
    check("SCRIPT ERROR" not in run.stderr, "no GDScript error in the editor: " + run.stderr[-1500:])


def main():
    check(godot is not None, "godot3-server is installed (make test installs it: tools/install-deps.sh)")
    if godot is None:
        return
    with tempfile.TemporaryDirectory() as tmp:
        project = os.path.join(tmp, "project")
        os.makedirs(project)
        with open(os.path.join(project, "project.godot"), "w") as f:
            f.write("config_version=4\n\n[application]\n\nconfig/name=\"RailForge engine test\"\n")
        shutil.copytree(os.path.join(source, "resources/engines/godot/addons"), os.path.join(project, "addons"))
        shutil.copy(os.path.join(source, "tests/engine/godot_check.gd"), project)

        exports = {}
        for level in ("resources/levels/demo.yaml", "resources/levels/banked.yaml", "tests/data/levels/engine.yaml"):
            out = os.path.join(tmp, os.path.basename(level).replace(".yaml", ".export.json"))
            run = subprocess.run([cli, "export", os.path.join(source, level), "-o", out, "--spacing", "0.5"],
                                 capture_output=True, text=True)
            check(run.returncode == 0, level + " exports: " + run.stderr)
            exports[level] = out
            engine_passes(project, out, level)

        # The network: RailWalker rides in Godot as railforge-cli ride does, across the junctions.
        network = os.path.join(source, "tests/data/levels/network.yaml")
        out = os.path.join(tmp, "network.export.json")
        run = subprocess.run([cli, "export", network, "-o", out, "--spacing", "0.5"], capture_output=True, text=True)
        check(run.returncode == 0, "network.yaml exports: " + run.stderr)
        rides_path, rides = cli_rides(tmp, network)
        lines = engine_passes(project, out, "network.yaml", rides_path)
        walks = [line.split() for line in lines if line.startswith("WALK ")]
        check([w[1:3] for w in walks] == [[str(len(r["rows"])), r["rows"][-1][1]] for r in rides],
              "every ride was walked in Godot to the same rail: %s" % walks)
        check([w[3] if len(w) > 3 else "" for w in walks] == ["siding,fork", "siding,fork", "siding", "fork,siding"],
              "the walker crossed (or merged at) the junctions the rides did: %s" % walks)

        editor_imports(tmp, exports["tests/data/levels/engine.yaml"])

        # The same check must catch a wrong export: move one knot of one rail (and its handles with
        # it, as a designer dragging it would) by 0.5 % of the rail's length.
        with open(exports["tests/data/levels/engine.yaml"]) as f:
            data = json.load(f)
        rail = data["rails"][1]
        shift = 0.005 * rail["length"]
        for v in rail["bezier"][2]:
            v[0] += shift
        moved = os.path.join(tmp, "moved.export.json")
        with open(moved, "w") as f:
            json.dump(data, f)
        code, lines, _ = run_godot(project, moved)
        failed = [l for l in lines if l.startswith("FAIL")]
        check(code != 0 and not any(l.startswith("RAILFORGE-ENGINE: PASS") for l in lines),
              "a knot moved by 0.5 % of its rail's length fails the engine check")
        check(any(rail["id"] in l and "samples on the engine's curve" in l for l in failed),
              "and the failure names the rail: " + "; ".join(failed))

        # And a tilt of the wrong sign: negate the tilts of the banked coaster in its export.
        with open(exports["resources/levels/banked.yaml"]) as f:
            data = json.load(f)
        coaster = next(r for r in data["rails"] if r["id"] == "coaster")
        coaster["tilt"] = [-t for t in coaster["tilt"]]
        flipped = os.path.join(tmp, "flipped.export.json")
        with open(flipped, "w") as f:
            json.dump(data, f)
        code, lines, _ = run_godot(project, flipped)
        failed = [l for l in lines if l.startswith("FAIL")]
        check(code != 0 and any("coaster" in l and "up vector" in l for l in failed),
              "tilts of the wrong sign fail the engine's up-vector check: " + "; ".join(failed))


main()
finish()
