#!/usr/bin/env python3
"""Patrols that walk the level, in a real engine: the yard level (a house with a door, a slab, pillars,
a raised floor with stairs) exported with its guard's navigation mesh, imported in Godot 3 headless
(godot3-server) with the shipped importer (an Agents/<id> Navigation holding a NavigationMeshInstance),
and Godot's own get_simple_path asked for the way between the stops of the guard's rounds: each way is
within 5 % of the length of RailForge's route of that leg (its stops' s in the export). The patrols
carry their agent. Usage: test_godot_navmesh.py RAILFORGE_CLI SOURCE_DIR"""
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


def main():
    check(godot is not None, "godot3-server is installed (make test installs it: tools/install-deps.sh)")
    if godot is None:
        return
    with tempfile.TemporaryDirectory() as tmp:
        level = os.path.join(tmp, "yard", "yard.yaml")
        shutil.copytree(os.path.join(source, "tests", "data", "levels", "yard"), os.path.dirname(level))
        export = os.path.join(tmp, "yard.export.json")
        run = subprocess.run([cli, "export", level, "-o", export], capture_output=True, text=True, timeout=120)
        check(run.returncode == 0, "the yard exports", found=run.stderr)
        data = json.load(open(export))
        guard = next(a for a in data.get("agents", []) if a["id"] == "guard")
        check(len(guard.get("navmesh", {}).get("polygons", [])) > 20, "the export carries the guard's navmesh")
        rounds = next(p for p in data["patrols"] if p["id"] == "rounds")
        check(rounds.get("agent") == "guard" and rounds.get("follow") == "navmesh", "the rounds walked the navmesh",
              found={k: rounds.get(k) for k in ("agent", "follow")})
        stops = rounds["stops"]
        legs = [(stops[i]["waypoint"], stops[i + 1]["waypoint"], stops[i + 1]["s"] - stops[i]["s"])
                for i in range(len(stops) - 1)]

        project = os.path.join(tmp, "project")
        os.makedirs(project)
        with open(os.path.join(project, "project.godot"), "w") as f:
            f.write("config_version=4\n\n[application]\n\nconfig/name=\"RailForge navmesh test\"\n")
        shutil.copytree(os.path.join(source, "resources/engines/godot/addons"), os.path.join(project, "addons"))
        shutil.copy(os.path.join(source, "tests/engine/godot_navmesh_check.gd"), project)
        env = dict(os.environ, HOME=project, XDG_CONFIG_HOME=project, XDG_DATA_HOME=project, XDG_CACHE_HOME=project,
                   LC_ALL="C.UTF-8", RAILFORGE_EXPORT=export, RAILFORGE_AGENT="guard",
                   RAILFORGE_LEGS=";".join("%s,%s" % (a, b) for a, b, _ in legs))
        run = subprocess.run([godot, "--no-window", "--path", project, "-s", "res://godot_navmesh_check.gd"],
                             capture_output=True, text=True, env=env, timeout=120)
        lines = run.stdout.splitlines()
        check("RAILFORGE-ENGINE: DONE" in lines and run.returncode == 0 and "SCRIPT ERROR" not in run.stderr,
              "Godot imported the level and walked it", found=run.stdout[-1500:] + run.stderr[-1500:])
        check(any(line.startswith("AGENT guard 0.4 ") and int(line.split()[3]) > 20 for line in lines),
              "Agents/guard is a Navigation holding the guard's navmesh", found=[l for l in lines if l.startswith("AGENT")])
        check("PATROL rounds guard navmesh" in lines, "the rounds patrol knows its agent")
        ways = {(l.split()[1], l.split()[2]): float(l.split()[4]) for l in lines if l.startswith("NAVPATH ")}
        for a, b, length in legs:
            godot_length = ways.get((a, b))
            check(godot_length is not None and abs(godot_length - length) <= 0.05 * length,
                  "Godot's way %s -> %s is within 5 %% of RailForge's" % (a, b), expected=length, found=godot_length)


main()
finish()
