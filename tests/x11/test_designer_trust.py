#!/usr/bin/env python3
"""The editor never changes data behind the designer's back, checked from outside as a designer
works: a private Xvfb display, the real X pointer and keyboard (xdotool), the default window.

    test_designer_trust.py EDITOR_BINARY SOURCE_DIR

1. Open a level and press Ctrl+Q at once, before any click: the editor quits (code 0).
2. Select the rail in the outliner, type a new id into the inspector, Enter, press V, click a
   waypoint in the outliner, press Delete, Ctrl+S: the file holds the rail under exactly the new id
   (no "v" typed into it) and no longer the waypoint (the click selected it; the keys reached the canvas).
3. Select the patrol, add a smoothing step, type "abc" into its first number field, then click where
   "Add step" was before: a second step is added (nothing moved under the pointer) and the refused
   text changed nothing; Ctrl+S and the file says so.
4. Open a level whose heightmaps take seconds to decode (ten 8000 x 8000 progressive JPEGs, about
   0.7 s each) and press Ctrl+Q while a railforge-reader is at work: the editor quits within a second, and no reader of
   it is left running.

Positions are the default window's (1400x880 at 0,0; docs/ui.md "Layout"); a screenshot of each
step is left in /tmp for whoever reads a failure. Prints ok/FAIL lines and `N passed, M failed`.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_drive_editor as h  # noqa: E402  (the X helpers and the tally)

# Places in the default window (tests/data/levels/small.yaml open, outliner rows 24 px apart).
ROW_RAIL = (100, 327)
ROW_WAYPOINT_A = (100, 155)
ROW_PATROL = (100, 451)
INSPECTOR_ID = (1250, 102)
ADD_STEP_EMPTY = (1351, 478)     # the smoothing panel of a patrol with no step
FIRST_INT_FIELD = (1270, 511)    # the first step's whole-number field (samples per segment)
ADD_STEP_AFTER_ONE = (1351, 633)  # "Add step" under one step


def start_editor(x_env, level, tmp):
    env = dict(os.environ)
    for var in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "QT_QUICK_BACKEND", "QT_SCALE_FACTOR"):
        env.pop(var, None)
    home = tempfile.mkdtemp(dir=tmp)
    # Only the display from the X helper's environment: the rest of it is ours, and under ctest it
    # says QT_QPA_PLATFORM=offscreen, which would keep the editor off the X display.
    env.update(DISPLAY=x_env["DISPLAY"], HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
               XDG_DATA_HOME=os.path.join(home, ".local/share"), XDG_RUNTIME_DIR=tempfile.mkdtemp(dir=tmp),
               RAILFORGE_RECOVERY_DIR=os.path.join(tmp, "recovery"))
    h.editor_log = os.path.join(tmp, "editor-%d.log" % time.monotonic_ns())
    log = open(h.editor_log, "w")
    return subprocess.Popen([h.EDITOR, level], env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def open_copy(x, source, tmp, name, settle=2.5):
    """The editor on a fresh copy of `source` named `name`: (process, path, the copy's bytes)."""
    level = os.path.join(tmp, name)
    shutil.copy(source, level)
    with open(level, "rb") as f:
        before = f.read()
    editor = start_editor(x.env, level, tmp)
    try:
        # A busy machine (a parallel build, llvmpipe compiling its shaders) can take a while.
        h.find_window(x, editor, timeout=90)
    except h.Abort:
        x.screenshot("/tmp/x11_trust_no_window.png")
        h.info("editor %s; X windows:\n%s" % ("running" if editor.poll() is None else "ended (%s)" % editor.returncode,
                                               x.run("search", "--name", ".", check_rc=False)))
        raise
    time.sleep(settle)  # the level loads and the first frames settle, even on a busy machine
    return editor, level, before


def readers_of(pid):
    """The railforge-reader processes whose parent is `pid`."""
    out = subprocess.run(["pgrep", "-P", str(pid), "-f", "railforge-reader"], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def alive(pids):
    return [p for p in pids if os.path.exists("/proc/%d" % p) and
            not open("/proc/%d/stat" % p).read().split(") ")[1].startswith("Z")]


def saved(path, before):
    data = h.wait_for_change(path, before)
    return yaml.safe_load(data.decode()) if data else None


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    h.EDITOR, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    missing = [tool for tool in ("Xvfb", "xdotool") if not shutil.which(tool)]
    if missing:
        print("FAIL: %s not installed (make test installs them)" % " and ".join(missing))
        print("0 passed, 1 failed")
        return 1
    tmp = tempfile.mkdtemp(prefix="rf-x11-trust-")
    xvfb = editor = None
    try:
        xvfb, display = h.start_xvfb(tmp)
        x = h.X(display)
        small = os.path.join(source, "tests/data/levels/small.yaml")

        # 1. Ctrl+Q at once.
        editor, _, _ = open_copy(x, small, tmp, "quit.yaml", settle=1.0)
        x.key("ctrl+q")
        try:
            h.check(editor.wait(timeout=3) == 0, "Ctrl+Q right after opening (no click first) quits, code 0")
        except subprocess.TimeoutExpired:
            x.screenshot("/tmp/x11_trust_quit.png")
            h.fail("Ctrl+Q right after opening quits", "the process gone", "still running (see /tmp/x11_trust_quit.png)")
            h.stop(editor, "railforge")

        # 2. Rename a rail, Enter, V, click a waypoint: no focus trap.
        editor, level, before = open_copy(x, small, tmp, "rename.yaml")
        x.click(*ROW_RAIL)
        x.click(*INSPECTOR_ID)
        x.key("ctrl+a")
        x.run("type", "--delay", "60", "coaster")
        x.key("Return")
        x.key("v")
        x.click(*ROW_WAYPOINT_A)
        x.key("Delete")
        x.screenshot("/tmp/x11_trust_rename.png")
        x.key("ctrl+s")
        doc = saved(level, before)
        if h.check(doc is not None, "Ctrl+S saved the renamed level"):
            rails = [r["id"] for r in doc.get("rails") or []]
            h.check(rails == ["coaster"], "the rail keeps exactly the new id", ["coaster"], rails)
            ids = [w["id"] for w in doc.get("waypoints") or []]
            h.check("a" not in ids and len(ids) == 2, "the waypoint clicked after V was selected (Delete removed it)",
                    "b, c", ids)
        h.stop(editor, "railforge")

        # 3. A refused value moves nothing: the click aimed at "Add step" adds a step.
        editor, level, before = open_copy(x, small, tmp, "smoothing.yaml")
        x.click(*ROW_PATROL)
        x.click(*ADD_STEP_EMPTY)
        time.sleep(0.5)
        x.click(*FIRST_INT_FIELD)
        x.key("ctrl+a")
        x.run("type", "--delay", "60", "abc")
        x.key("Return")
        x.screenshot("/tmp/x11_trust_refused.png")
        x.click(*ADD_STEP_AFTER_ONE)
        x.key("Escape")  # the refused text goes back to the standing value
        x.click(*ROW_PATROL)  # the canvas side: keys to the window, not the field
        x.key("ctrl+s")
        doc = saved(level, before)
        if h.check(doc is not None, "Ctrl+S saved the patrol's pipeline"):
            steps = (doc.get("patrols") or [{}])[0].get("smoothing") or []
            h.check(len(steps) == 2, "the click where Add step stood added a second step", 2, len(steps))
            first = steps[0].get("params", {}) if steps else {}
            h.check(all(v != "abc" for v in first.values()), "the refused 'abc' changed nothing", "no abc", first)
        h.stop(editor, "railforge")

        # 4. Ctrl+Q while a reader decodes: quits within a second, the reader killed.
        slow = os.path.join(tmp, "slow")
        os.makedirs(slow)
        subprocess.run(["convert", "-size", "8000x8000", "gradient:black-white", "-interlace", "JPEG",
                        "-quality", "95", os.path.join(slow, "hills0.jpg")], check=True)
        for i in range(1, 10):  # copies: each its own file, each decoded
            shutil.copy(os.path.join(slow, "hills0.jpg"), os.path.join(slow, "hills%d.jpg" % i))
        with open(os.path.join(slow, "slow.yaml"), "w") as f:
            f.write("railforge: 1\nlevel: {name: Slow, units: m}\nreferences:\n" +
                    "".join("  - {id: hills%d, heightmap: hills%d.jpg, rect: [0, 0, 1000, 1000], z_range: [0, 50]}\n"
                            % (i, i) for i in range(10)) + "waypoints:\n  - {id: a, position: [10, 10, 0]}\n")
        editor = start_editor(x.env, os.path.join(slow, "slow.yaml"), tmp)
        h.find_window(x, editor, timeout=90)
        readers = []
        for _ in range(100):  # the read starts once the level is in
            readers = alive(readers_of(editor.pid))
            if readers:
                break
            time.sleep(0.05)
        if h.check(readers, "a railforge-reader decodes the heightmap when Ctrl+Q is pressed (else this proves nothing)"):
            x.key("ctrl+q")
            start = time.monotonic()
            try:
                code = editor.wait(timeout=5)
                took = time.monotonic() - start
                h.check(code == 0 and took < 1.0, "Ctrl+Q during a read quits within a second", "< 1 s, code 0",
                        (took, code))
            except subprocess.TimeoutExpired:
                h.fail("Ctrl+Q during a read quits within a second", "the process gone", "still running after 5 s")
            time.sleep(0.2)
            h.check(not alive(readers), "the reader is killed with the editor", [], alive(readers))
        h.stop(editor, "railforge")
    except h.Abort as e:
        h.fail(str(e))
    finally:
        h.stop(editor, "railforge")
        h.stop(xvfb, "Xvfb")
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (h.passed, h.failed))
    return 1 if h.failed else 0


if __name__ == "__main__":
    sys.exit(main())
