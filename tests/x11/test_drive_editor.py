#!/usr/bin/env python3
"""Drives the real RailForge editor from outside, as a designer does: a private Xvfb display,
the real X pointer and keyboard through xdotool (XTEST), only the shortcuts of docs/ui.md.

    test_drive_editor.py EDITOR_BINARY SOURCE_DIR

Steps: W + three clicks (waypoints w1..w3), R + three clicks + Return (rail1), Ctrl+S and the
saved YAML is checked; Ctrl+Z (the rail goes), Ctrl+S and the file has the waypoints only.
W + one click (w4), then a little more than a minute: a recovery copy must exist. Ctrl+Z back to
the saved state, Ctrl+Q: the editor must end at once, with code 0, without asking anything, and
leave no recovery copy behind.

Prints `ok: ...` / `FAIL: ...` per check and `N passed, M failed`; exits non-zero on a failure.
Standard library only (plus PyYAML, which tools/install-deps.sh installs, to read the saved file).
"""
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

AUTOSAVE_WAIT_S = 65  # the editor writes a recovery copy every minute; "more than a minute"
QUIT_WAIT_S = 3.0
SHOT = "/tmp/x11_drive_shot.png"
SHOT_END = "/tmp/x11_drive_shot_end.png"

LEVEL = "railforge: 1\nlevel: {name: Drive, units: m}\n"

passed = 0
failed = 0
editor_log = None  # path of the editor's stderr/stdout capture


def editor_output():
    if not editor_log or not os.path.exists(editor_log):
        return "(no editor output captured)"
    with open(editor_log, encoding="utf-8", errors="replace") as f:
        text = f.read()
    lines = text.splitlines()
    if len(lines) > 60:
        lines = ["... (%d earlier lines)" % (len(lines) - 60)] + lines[-60:]
    return "\n".join("    | " + l for l in lines) if lines else "    (editor printed nothing)"


def ok(what):
    global passed
    passed += 1
    print("ok: " + what, flush=True)


def fail(what, expected=None, found=None):
    global failed
    failed += 1
    msg = "FAIL: " + what
    if expected is not None:
        msg += "\n    expected: %s" % (expected,)
    if found is not None:
        msg += "\n    found:    %s" % (found,)
    print(msg, flush=True)
    print("  editor output so far:\n" + editor_output(), flush=True)


def check(cond, what, expected=None, found=None):
    if cond:
        ok(what)
    else:
        fail(what, expected, found)
    return cond


def info(what):
    print("   . " + what, flush=True)


class Abort(Exception):
    """A failure after which the remaining steps make no sense."""


# ---------------------------------------------------------------- X helpers

def start_xvfb(tmp):
    """Starts Xvfb on a display it picks itself (-displayfd: no race with another test starting an X
    server at the same moment); returns (process, display) once the server accepts clients."""
    log = open(os.path.join(tmp, "xvfb.log"), "w")
    read_end, write_end = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1600x1000x24", "-nolisten", "tcp",
                             "-noreset"], stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                            pass_fds=(write_end,))
    os.close(write_end)
    number = b""
    deadline = time.monotonic() + 20
    with os.fdopen(read_end, "rb") as pipe:
        while time.monotonic() < deadline and not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit():
        stop(proc, "Xvfb")
        raise Abort("Xvfb did not start (see %s)" % os.path.join(tmp, "xvfb.log"))
    display = ":" + number.strip().decode()
    while time.monotonic() < deadline:
        if display_ready(display):
            return proc, display
        time.sleep(0.05)
    stop(proc, "Xvfb")
    raise Abort("Xvfb on %s does not answer" % display)


def display_ready(display):
    """The socket appears before the server accepts clients: ask it something. (-noreset: without
    it the server resets when this probe disconnects, and refuses the editor meanwhile.)"""
    r = subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=10)
    return r.returncode == 0


def stop(proc, name):
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=5)


class X:
    def __init__(self, display):
        self.env = dict(os.environ, DISPLAY=display)

    def run(self, *args, check_rc=True, timeout=20):
        r = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=timeout)
        if check_rc and r.returncode != 0:
            raise Abort("xdotool %s failed (%d): %s" % (" ".join(args), r.returncode, r.stderr.strip()))
        return r.stdout

    def click(self, x, y):
        # The real pointer: move, let the canvas see the hover, then press and release.
        self.run("mousemove", str(int(x)), str(int(y)))
        time.sleep(0.15)
        self.run("click", "1")
        time.sleep(0.6)  # far apart in time: never a double-click

    def key(self, keys):
        self.run("key", "--clearmodifiers", keys)
        time.sleep(0.4)

    def title(self, wid):
        return self.run("getwindowname", wid, check_rc=False).strip()

    def screenshot(self, path):
        if not shutil.which("import"):
            info("no `import` (imagemagick): no screenshot")
            return
        r = subprocess.run(["import", "-window", "root", path], env=self.env, capture_output=True, text=True,
                           timeout=30)
        if r.returncode == 0:
            info("screenshot: " + path)
        else:
            info("screenshot failed: " + r.stderr.strip())


def find_window(x, editor, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if editor.poll() is not None:
            raise Abort("the editor ended before showing a window (exit code %s)" % editor.returncode)
        out = x.run("search", "--onlyvisible", "--name", "RailForge", check_rc=False).split()
        for wid in out:
            geo = window_geometry(x, wid)
            if geo and geo[2] >= 600 and geo[3] >= 400:  # the main window, not a helper window
                return wid, geo
        time.sleep(0.25)
    raise Abort("no visible window named *RailForge* within %d s" % timeout)


def window_geometry(x, wid):
    out = x.run("getwindowgeometry", "--shell", wid, check_rc=False)
    vals = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    try:
        return int(vals["X"]), int(vals["Y"]), int(vals["WIDTH"]), int(vals["HEIGHT"])
    except (KeyError, ValueError):
        return None


# ---------------------------------------------------------------- file helpers

def wait_for_change(path, old_bytes, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(path, "rb") as f:
                data = f.read()
            if data != old_bytes:
                time.sleep(0.2)  # the save is atomic (rename), but be kind
                with open(path, "rb") as f:
                    return f.read()
        except FileNotFoundError:
            pass
        time.sleep(0.1)
    return None


def wait_title(x, wid, starred, timeout=3.0):
    deadline = time.monotonic() + timeout
    t = x.title(wid)
    while time.monotonic() < deadline:
        t = x.title(wid)
        if ("*" in t) == starred:
            return True, t
        time.sleep(0.1)
    return False, t


def parse_level(data):
    import yaml
    return yaml.safe_load(data.decode("utf-8"))


def validate(cli, path):
    if not cli:
        return None
    r = subprocess.run([cli, "validate", path], capture_output=True, text=True, timeout=30)
    return r


def recovery_files(folder):
    if not os.path.isdir(folder):
        return []
    return sorted(f for f in os.listdir(folder) if os.path.isfile(os.path.join(folder, f)))


def finite(*values):
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values)


def check_waypoints(level, clicks_px, what):
    """The waypoints w1..w3 at the clicks' places: ids, order, finite, y up, spacing like the clicks."""
    wps = level.get("waypoints") or []
    ids = [w.get("id") for w in wps]
    if not check(ids == ["w1", "w2", "w3"], what + ": waypoints w1, w2, w3", ["w1", "w2", "w3"], ids):
        return None
    pos = [w.get("position") for w in wps]
    if not check(all(isinstance(p, list) and len(p) == 3 and finite(*p) for p in pos),
                 what + ": waypoint positions are 3 finite numbers", "[x, y, z]", pos):
        return None
    xs = [p[0] for p in pos]
    ys = [p[1] for p in pos]
    check(xs[0] < xs[1] < xs[2], what + ": waypoint x increases as clicked left to right", "x1 < x2 < x3", xs)
    # clicks: w2 higher on screen than w1 and w3, which share a row: world y is up.
    check(ys[1] > ys[0] and ys[1] > ys[2], what + ": w2 (clicked higher on screen) has the larger world y",
          "y2 > y1, y2 > y3", ys)
    check(abs(ys[0] - ys[2]) <= 1.0 + 1e-9, what + ": w1 and w3 (same screen row) have about the same y",
          "|y1 - y3| <= 1 (a snap step)", ys)
    check(all(p[2] == 0 for p in pos), what + ": z = 0", 0, [p[2] for p in pos])
    return pos


# ---------------------------------------------------------------- the test

def main():
    global editor_log
    if len(sys.argv) != 3:
        print("usage: test_drive_editor.py EDITOR_BINARY SOURCE_DIR", file=sys.stderr)
        return 2
    editor_bin, source_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    cli = os.path.join(os.path.dirname(editor_bin), "railforge-cli")
    if not os.access(cli, os.X_OK):
        cli = None

    missing = [tool for tool in ("Xvfb", "xdotool") if not shutil.which(tool)]
    if missing:
        print("FAIL: %s not installed: this test drives the editor under Xvfb with xdotool. "
              "Run tools/install-deps.sh (make test does) or apt-get install xvfb xdotool." % " and ".join(missing))
        print("0 passed, 1 failed")
        return 1
    if not os.access(editor_bin, os.X_OK):
        print("FAIL: editor binary %s is missing or not executable" % editor_bin)
        print("0 passed, 1 failed")
        return 1

    tmp = tempfile.mkdtemp(prefix="rf-x11-drive-")
    xvfb = editor = None
    started = time.monotonic()
    try:
        home = os.path.join(tmp, "home")
        recovery = os.path.join(tmp, "recovery")
        runtime = os.path.join(tmp, "runtime")
        work = os.path.join(tmp, "work")
        for d in (home, recovery, work):
            os.makedirs(d)
        os.makedirs(runtime, mode=0o700)
        level_path = os.path.join(work, "drive.yaml")
        with open(level_path, "w") as f:
            f.write(LEVEL)
        with open(level_path, "rb") as f:
            original = f.read()

        xvfb, display = start_xvfb(tmp)
        info("Xvfb on %s" % display)
        x = X(display)

        env = dict(os.environ)
        for var in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "QT_QUICK_BACKEND", "QT_SCALE_FACTOR",
                    "QT_SCREEN_SCALE_FACTORS", "QT_AUTO_SCREEN_SCALE_FACTOR"):
            env.pop(var, None)
        env.update(DISPLAY=display, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   XDG_DATA_HOME=os.path.join(home, ".local/share"), XDG_CACHE_HOME=os.path.join(home, ".cache"),
                   XDG_RUNTIME_DIR=runtime, RAILFORGE_RECOVERY_DIR=recovery)
        editor_log = os.path.join(tmp, "editor.log")
        log = open(editor_log, "w")
        editor = subprocess.Popen([editor_bin, level_path], cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)

        wid, (wx, wy, ww, wh) = find_window(x, editor)
        ok("the editor shows its window (%dx%d at %d,%d): %s" % (ww, wh, wx, wy, x.title(wid)))
        time.sleep(2.0)  # let the first frames and the level load settle
        wx, wy, ww, wh = window_geometry(x, wid) or (wx, wy, ww, wh)

        # The canvas: Main.qml puts the outliner (~230 px) left, inspector + smoothing (~300 px)
        # right, menu + toolbar (~60 px) on top, the profile panel (~300 px) and the status bar
        # (~30 px) under it. Work near its centre.
        left, right = wx + 230, wx + ww - 300
        top, bottom = wy + 60, wy + wh - 330
        cx = (left + right) // 2
        cy = (top + bottom) // 2
        info("canvas centre on screen: %d,%d" % (cx, cy))

        # Focus: a plain click on empty canvas (select tool) gives the window the keyboard.
        x.click(cx, cy + 190)
        focus = x.run("getwindowfocus", check_rc=False).strip()
        info("X focus window: %s (editor window %s)" % (focus, wid))

        # 1. Waypoints: W, three clicks left to right, the middle one higher on screen.
        wp_clicks = [(cx - 200, cy + 120), (cx - 50, cy + 40), (cx + 100, cy + 120)]
        x.key("w")
        for px, py in wp_clicks:
            x.click(px, py)
        reached, t = wait_title(x, wid, True)
        check(reached, "the title shows * after an edit (docs/ui.md, Feel)", "a title with *", t)

        # 2. A rail: R, three clicks above the waypoints, Return finishes.
        rail_clicks = [(cx - 200, cy - 80), (cx, cy - 160), (cx + 200, cy - 80)]
        x.key("r")
        for px, py in rail_clicks:
            x.click(px, py)
        x.key("Return")
        time.sleep(0.5)
        x.screenshot(SHOT)

        # 3. Ctrl+S saves straight to the file it was opened from.
        x.key("ctrl+s")
        saved1 = wait_for_change(level_path, original)
        if not check(saved1 is not None, "Ctrl+S writes the level file", "the file changes within 5 s",
                     "unchanged"):
            raise Abort("nothing was saved; the remaining steps depend on it")
        reached, t = wait_title(x, wid, False)
        check(reached, "the title loses its * after Ctrl+S", "a title without *", t)
        info("saved file after Ctrl+S:\n" + "\n".join("      " + l for l in saved1.decode().splitlines()))
        r = validate(cli, level_path)
        if r is not None:
            check(r.returncode == 0 and "3 waypoints" in r.stdout and "1 rails" in r.stdout,
                  "railforge-cli validate accepts the saved file: 3 waypoints, 1 rail",
                  "exit 0, '3 waypoints ... 1 rails'", "exit %d: %s %s" % (r.returncode, r.stdout.strip(),
                                                                          r.stderr.strip()))
        level1 = parse_level(saved1)
        check(isinstance(level1, dict) and level1.get("railforge") == 1 and
              (level1.get("level") or {}).get("name") == "Drive",
              "the saved file keeps the format version and the level name", "railforge: 1, name Drive",
              {k: level1.get(k) for k in ("railforge", "level")} if isinstance(level1, dict) else level1)
        wp1 = check_waypoints(level1, wp_clicks, "after save 1")
        rails = level1.get("rails") or []
        if check(len(rails) == 1 and rails[0].get("id") == "rail1", "after save 1: one rail, id rail1",
                 "[rail1]", [r.get("id") for r in rails]):
            pts = rails[0].get("points") or []
            if check(len(pts) == 3 and all(isinstance(p, list) and len(p) == 3 and finite(*p) for p in pts),
                     "after save 1: rail1 has 3 finite points", "3 x [x, y, z]", pts):
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                check(xs[0] < xs[1] < xs[2], "after save 1: rail points' x increases as clicked", "x1<x2<x3", xs)
                check(ys[1] > ys[0] and ys[1] > ys[2] and abs(ys[0] - ys[2]) <= 1.0 + 1e-9,
                      "after save 1: rail point 2 is highest, 1 and 3 level (world y up)",
                      "y2 > y1 ~= y3", ys)
                if wp1:
                    check(min(ys) > max(p[1] for p in wp1),
                          "after save 1: the rail (clicked above) lies above the waypoints in world y",
                          "min rail y > max waypoint y", (ys, [p[1] for p in wp1]))
                    # the view is linear: equal pixel steps are equal world steps (1 snap step slack)
                    scale = (xs[2] - xs[0]) / 400.0
                    expect_w = scale * 300.0
                    check(scale > 0 and abs((wp1[2][0] - wp1[0][0]) - expect_w) <= max(1.0, 0.02 * expect_w),
                          "after save 1: pixel distances map to world distances with one scale",
                          "w3.x - w1.x = %.3f (300 px at %.4f/px)" % (expect_w, scale),
                          wp1[2][0] - wp1[0][0])
            check(rails[0].get("closed") in (None, False), "after save 1: rail1 is open (not closed)", False,
                  rails[0].get("closed"))

        # 4. Ctrl+Z undoes the rail (one step); Ctrl+S again: the waypoints only.
        x.key("ctrl+z")
        reached, t = wait_title(x, wid, True)
        check(reached, "the title shows * after Ctrl+Z", "a title with *", t)
        x.key("ctrl+s")
        saved2 = wait_for_change(level_path, saved1)
        if not check(saved2 is not None, "Ctrl+S after Ctrl+Z writes the file again", "the file changes within 5 s",
                     "unchanged (was the undo or the save ignored?)"):
            raise Abort("second save missing")
        info("saved file after Ctrl+Z, Ctrl+S:\n" + "\n".join("      " + l for l in saved2.decode().splitlines()))
        level2 = parse_level(saved2)
        wp2 = check_waypoints(level2, wp_clicks, "after undo + save 2")
        check(not (level2.get("rails") or []), "after undo + save 2: no rail", "no rails", level2.get("rails"))
        check(wp2 == wp1, "after undo + save 2: the waypoints are exactly those of save 1", wp1, wp2)
        for key in ("edges", "obstacles", "patrols"):
            check(not (level2.get(key) or []), "after undo + save 2: no %s" % key, "none", level2.get(key))
        r = validate(cli, level_path)
        if r is not None:
            check(r.returncode == 0 and "3 waypoints" in r.stdout and "0 rails" in r.stdout,
                  "railforge-cli validate: 3 waypoints, 0 rails", "exit 0", "exit %d: %s %s" % (
                      r.returncode, r.stdout.strip(), r.stderr.strip()))
        reached, t = wait_title(x, wid, False)
        check(reached, "the title loses its * after the second save", "no *", t)

        # 5. One more edit, then more than a minute: a recovery copy exists.
        check(recovery_files(recovery) == [], "no recovery copy while the level is saved", [],
              recovery_files(recovery))
        x.key("w")
        x.click(cx + 200, cy + 170)
        edit_time = time.monotonic()
        reached, t = wait_title(x, wid, True)
        check(reached, "W + click marks the level modified again", "a title with *", t)
        first_seen = None
        while time.monotonic() - edit_time < AUTOSAVE_WAIT_S:
            if first_seen is None and recovery_files(recovery):
                first_seen = time.monotonic() - edit_time
            if editor.poll() is not None:
                raise Abort("the editor ended while waiting for the autosave (exit code %s)" % editor.returncode)
            time.sleep(1.0)
        copies = recovery_files(recovery)
        if first_seen is not None:
            info("recovery copy first seen %.0f s after the edit" % first_seen)
        if check(len(copies) >= 1, "%d s after an edit a recovery copy exists in RAILFORGE_RECOVERY_DIR" %
                 AUTOSAVE_WAIT_S, "one file", copies):
            r = validate(cli, os.path.join(recovery, copies[0]))
            if r is not None:
                check(r.returncode == 0 and "4 waypoints" in r.stdout,
                      "the recovery copy is a valid level holding the unsaved edit (4 waypoints)",
                      "exit 0, 4 waypoints", "exit %d: %s %s" % (r.returncode, r.stdout.strip(), r.stderr.strip()))

        # 6. Undo back to the saved state; Ctrl+Q quits at once, asks nothing, leaves no copy.
        x.key("ctrl+z")
        reached, t = wait_title(x, wid, False)
        check(reached, "Ctrl+Z back to the saved state: the title has no *", "no *", t)
        time.sleep(0.5)
        info("recovery folder after the undo to the saved state: %s" % (recovery_files(recovery) or "empty"))
        quit_at = time.monotonic()
        x.key("ctrl+q")
        try:
            rc = editor.wait(timeout=QUIT_WAIT_S)
            took = time.monotonic() - quit_at
            check(True, "Ctrl+Q ends the editor at once (%.2f s), asking nothing" % took)
            check(rc == 0, "the editor exits with code 0", 0, rc)
        except subprocess.TimeoutExpired:
            x.screenshot(SHOT_END)
            fail("Ctrl+Q ends the editor within %.0f s without a dialog" % QUIT_WAIT_S,
                 "the process gone", "still running (a dialog? see %s), title %r" % (SHOT_END, x.title(wid)))
        with open(level_path, "rb") as f:
            check(f.read() == saved2, "the level file is as last saved", "save 2's bytes", "different")
        left_over = recovery_files(recovery)
        check(left_over == [], "no recovery copy is left after the quit", "empty folder", left_over)
    except Abort as e:
        fail(str(e))
    except Exception as e:  # an unexpected error in the harness itself is a failure too
        import traceback
        traceback.print_exc()
        fail("harness error: %r" % (e,))
    finally:
        stop(editor, "railforge")
        stop(xvfb, "Xvfb")
        shutil.rmtree(tmp, ignore_errors=True)
        print("run time %.0f s" % (time.monotonic() - started))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
