#!/usr/bin/env python3
"""The plugin SDK as a tools programmer uses it: install RailForge, build the plugin whose files are
the code blocks of docs/writing-a-strategy.md (nothing else), load it in railforge-cli and in the
editor and run it in both.
Usage: test_sdk.py BUILD_DIR SOURCE_DIR"""
import json
import os
import re
import subprocess
import sys
import tempfile

build, source = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(condition, message):
    global passed, failed
    passed, failed = (passed + 1, failed) if condition else (passed, failed + 1)
    if not condition:
        print("FAIL:", message)


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        print("$", " ".join(args), "\n", result.stdout[-3000:], result.stderr[-3000:])
    return result


with tempfile.TemporaryDirectory() as tmp:
    prefix = os.path.join(tmp, "sdk")
    check(run(["cmake", "--install", build, "--prefix", prefix]).returncode == 0, "cmake --install")

    doc = open(os.path.join(source, "docs/writing-a-strategy.md")).read()
    blocks = re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", doc, re.S)
    check(sorted(name for name, _ in blocks) == ["CMakeLists.txt", "plugin.json", "resample.cpp"],
          "the guide gives every file of the plugin")
    plugin_dir = os.path.join(tmp, "resample")
    os.makedirs(plugin_dir)
    for name, text in blocks:
        with open(os.path.join(plugin_dir, name), "w") as f:
            f.write(text)

    out = os.path.join(plugin_dir, "build")
    check(run(["cmake", "-S", plugin_dir, "-B", out, "-G", "Ninja", "-DCMAKE_PREFIX_PATH=" + prefix]).returncode == 0,
          "configure against the installed SDK")
    check(run(["cmake", "--build", out]).returncode == 0, "build the plugin")

    cli = os.path.join(prefix, "bin", "railforge-cli")
    env = dict(os.environ, RAILFORGE_PLUGIN_PATH=out)
    listed = run([cli, "plugins", "--json"], env=env)
    strategies = {s["id"]: s for s in json.loads(listed.stdout)} if listed.returncode == 0 else {}
    check("resample" in strategies, "the installed CLI lists the new strategy")
    check(set(strategies) >= {"chaikin", "catmull-rom", "line-of-sight", "simplify"}, "the built-in strategies still load")
    if "resample" in strategies:
        params = strategies["resample"]["parameters"]
        check(params[0]["name"] == "spacing" and params[0]["type"] == "double", "its parameters come from its metadata")

    smoothed = run([cli, "smooth", "--strategy", "resample", "--param", "spacing=2.5"], input="0,0\n10,0\n10,5\n", env=env)
    check(smoothed.returncode == 0, "smooth runs the new strategy")
    rows = [line.split(",") for line in smoothed.stdout.splitlines()[1:]]
    expected = [["0", "0"], ["2.5", "0"], ["5", "0"], ["7.5", "0"], ["10", "0"], ["10", "2.5"], ["10", "5"]]
    check(rows == expected, "points every 2.5 along the path: %s" % rows)
    bad = run([cli, "smooth", "--strategy", "resample", "--param", "spacing=0"], input="0,0\n1,1\n", env=env)
    check(bad.returncode == 2 and "outside" in bad.stderr, "its parameter bounds are enforced by the host")

    # The editor: its Qt Quick Test runner (the real main window) with the plugin folder on the path.
    ui = os.path.join(build, "bin", "test_ui")
    qml = os.path.join(source, "tests", "sdk", "tst_out_of_tree_strategy.qml")
    editor = run([ui, "-input", qml], env=dict(env, QT_QPA_PLATFORM="offscreen"))
    check(editor.returncode == 0 and "PASS   : railforge_ui::OutOfTreeStrategy::test_resampleInTheEditor()" in editor.stdout,
          "the editor offers the new strategy and previews a patrol with it:\n" + editor.stdout[-3000:])

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
