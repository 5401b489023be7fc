#!/usr/bin/env python3
"""Outputs as build scripts meet them (often as root, in containers): a FIFO or a device node is
written in place and stays what it was; `-o -` is standard output; a folder and the level itself are
refused before any work (exit 2); a write past `ulimit -f`, onto a full disk, into a read-only or
unwritable folder, or to a full standard output says which file or folder and why (exit 1), and
leaves the previous file as it was. Cases that need root (mknod of a device, mounting a small
tmpfs, running as another user) are skipped with a message otherwise.
Usage: test_outputs.py RAILFORGE_CLI SOURCE_DIR"""
import json
import os
import resource
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

from checklist import check, finish

cli, source = sys.argv[1], sys.argv[2]
is_root = os.geteuid() == 0


def run(args, **kw):
    return subprocess.run([cli] + args, capture_output=True, text=True, timeout=120, **kw)


def skip(what, why):
    print("SKIP:", what, "-", why)


def read(path):
    with open(path) as f:
        return f.read()


with tempfile.TemporaryDirectory() as tmp:
    os.chmod(tmp, 0o755)
    level = os.path.join(tmp, "level.yaml")
    shutil.copy(os.path.join(source, "resources/levels/demo.yaml"), level)
    os.chmod(level, 0o644)
    level_text = read(level)
    rail = json.loads(run(["export", level, "-o", "-", "--format", "json"]).stdout)["rails"][0]["id"]

    # -o -: standard output, the format named by --format (there is no extension to tell it).
    r = run(["export", level, "-o", "-", "--format", "json"])
    check(r.returncode == 0 and json.loads(r.stdout)["format"] == "railforge-export", "-o - writes JSON to stdout")
    r = run(["export", level, "-o", "-"])
    check(r.returncode == 2 and "--format" in r.stderr, "-o - without --format is a usage error naming --format: " + r.stderr)

    # A FIFO another program reads: written in place, still a FIFO afterwards.
    fifo = os.path.join(tmp, "pipe")
    os.mkfifo(fifo)
    received = {}

    def reader():
        with open(fifo) as f:
            received["text"] = f.read()

    t = threading.Thread(target=reader)
    t.start()
    r = run(["export", level, "-o", fifo, "--format", "yaml"])
    t.join(30)
    check(r.returncode == 0, "export into a FIFO exits 0: " + r.stderr)
    check(received.get("text", "").startswith("format: railforge-export"), "the FIFO's reader got the export")
    check(stat.S_ISFIFO(os.stat(fifo).st_mode), "the FIFO is still a FIFO")
    r = run(["sample", level, "--rail", rail, "--spacing", "1", "--out", "/dev/null"])
    check(r.returncode == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode), "sample --out /dev/null leaves the device node")

    # A device node made with mknod: written in place, never replaced by a regular file.
    node = os.path.join(tmp, "null-device")
    if is_root:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the numbers of /dev/null
        r = run(["export", level, "-o", node, "--format", "json"])
        check(r.returncode == 0, "export into a device exits 0: " + r.stderr)
        check(stat.S_ISCHR(os.stat(node).st_mode), "the device node is still a character device")
    else:
        skip("device node", "mknod of a character device needs root")

    # A folder, and the level itself (by its name, a symbolic link, a hard link): refused, exit 2.
    r = run(["export", level, "-o", tmp, "--format", "json"])
    check(r.returncode == 2 and "folder" in r.stderr, "a folder as the output is refused: " + r.stderr)
    link = os.path.join(tmp, "link.yaml")
    os.symlink(level, link)
    hard = os.path.join(tmp, "hard.yaml")
    os.link(level, hard)
    for target in (level, link, hard):
        r = run(["export", level, "-o", target])
        check(r.returncode == 2 and "the level" in r.stderr, "export onto the level (%s) is refused: %s" % (target, r.stderr))
    r = run(["sample", level, "--rail", rail, "--spacing", "1", "--out", level])
    check(r.returncode == 2, "sample --out onto the level is refused")
    check(read(level) == level_text, "the level is unchanged")

    # Past the file size limit: a message, not a SIGXFSZ death; the previous file unchanged.
    out = os.path.join(tmp, "out.json")
    with open(out, "w") as f:
        f.write("previous\n")
    r = run(["export", level, "-o", out, "--spacing", "0.01"],
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096)))
    check(r.returncode == 1, "over ulimit -f: exit 1, not a signal (got %d)" % r.returncode)
    check(out in r.stderr and "ulimit -f" in r.stderr, "over ulimit -f: names the file and the limit: " + r.stderr)
    check(read(out) == "previous\n", "over ulimit -f: the previous file is unchanged")
    check(not [n for n in os.listdir(tmp) if n.endswith(".tmp")], "no temporary file is left behind")

    # Standard output on a full device.
    with open("/dev/full", "w") as full:
        r = subprocess.run([cli, "sample", level, "--rail", rail, "--spacing", "0.01"], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=60)
    check(r.returncode == 1 and "standard output" in r.stderr and "no space left" in r.stderr,
          "stdout on /dev/full: exit 1 with the reason: " + r.stderr)

    # A full disk and a read-only file system: a small tmpfs mounted here, where that is allowed.
    small = os.path.join(tmp, "small")
    os.mkdir(small)
    mounted = is_root and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small],
                                         capture_output=True).returncode == 0
    if mounted:
        try:
            target = os.path.join(small, "out.json")
            with open(target, "w") as f:
                f.write("previous\n")
            r = run(["export", level, "-o", target, "--spacing", "0.01"])
            check(r.returncode == 1 and target in r.stderr and "no space left on the device" in r.stderr,
                  "a full disk: exit 1, the file and 'no space left on the device': " + r.stderr)
            check(read(target) == "previous\n", "a full disk: the previous file is unchanged")
            check(os.listdir(small) == ["out.json"], "a full disk: no temporary file is left")
            subprocess.run(["mount", "-o", "remount,ro", small], check=True)
            r = run(["export", level, "-o", target])
            check(r.returncode == 1 and small in r.stderr and "read-only" in r.stderr,
                  "a read-only file system: names the folder and says read-only: " + r.stderr)
            check(read(target) == "previous\n", "a read-only file system: the previous file is unchanged")
        finally:
            subprocess.run(["umount", small])
    else:
        skip("full disk, read-only file system", "mounting a tmpfs needs root and a permitting sandbox")

    # A folder the user may not write: the message names the folder, not the file's permission.
    locked = os.path.join(tmp, "locked")
    os.mkdir(locked)
    with open(os.path.join(locked, "out.json"), "w") as f:
        f.write("previous\n")
    os.chmod(os.path.join(locked, "out.json"), 0o666)
    os.chmod(locked, 0o555)
    as_other = None
    if is_root:
        def as_other():
            os.setgid(65534)
            os.setuid(65534)  # nobody: root would write anywhere
    # As root the writer runs as the user nobody, from a copy of the CLI it may run (a checkout in a
    # private folder is out of its reach); `sample` needs no strategy plugins beside the binary.
    runner = cli
    if is_root:
        runner = os.path.join(tmp, "railforge-cli")
        shutil.copy(cli, runner)
        os.chmod(runner, 0o755)
    out_csv = os.path.join(locked, "out.json")
    try:
        r = subprocess.run([runner, "sample", level, "--rail", rail, "--spacing", "1", "--out", out_csv],
                           capture_output=True, text=True, timeout=120, preexec_fn=as_other)
    except PermissionError:
        r = None
    if r is None or (r.returncode == 3 and "cannot open" in r.stderr):
        skip("unwritable folder", "the user nobody cannot run the CLI or read the level here")
    else:
        check(r.returncode == 1 and ("folder " + locked) in r.stderr and "permission denied" in r.stderr,
              "an unwritable folder: names the folder and the reason: " + r.stderr)
        check(read(os.path.join(locked, "out.json")) == "previous\n", "an unwritable folder: the file is unchanged")
    os.chmod(locked, 0o755)

    # Links: a project that commits its output as a link to a file outside it (a shell rc, say). The
    # write follows the project rule of reads: refused (exit 3) naming the link and its target, the
    # target untouched; allowed, the link itself is replaced by the file and the target still untouched.
    game = os.path.join(tmp, "game")
    os.makedirs(os.path.join(game, ".git"))
    outside = os.path.join(tmp, "home")
    os.makedirs(outside)
    rc = os.path.join(outside, ".bashrc")
    with open(rc, "w") as f:
        f.write("echo hello\n")
    game_level = os.path.join(game, "level.yaml")
    shutil.copy(level, game_level)
    link = os.path.join(game, "out.json")
    os.symlink(rc, link)
    r = run(["export", game_level, "-o", link])
    check(r.returncode == 3 and "out.json is a link to " + rc + ", outside the project " + game in r.stderr and
          "--allow-outside-project" in r.stderr, "export -o through a link out of the project is refused: " + r.stderr)
    check(read(rc) == "echo hello\n" and os.path.islink(link), "the link's target and the link are untouched")
    base, ours, theirs = (os.path.join(game, n + ".yaml") for n in ("base", "ours", "theirs"))
    for p in (base, ours, theirs):
        shutil.copy(level, p)
    r = run(["merge", base, ours, theirs, "-o", link])
    check(r.returncode != 0 and "outside the project" in r.stderr and read(rc) == "echo hello\n",
          "merge -o through a link out of the project is refused, the target untouched: " + r.stderr)
    r = run(["sample", game_level, "--rail", rail, "--spacing", "1", "--out", link])
    check(r.returncode == 3 and read(rc) == "echo hello\n", "sample --out likewise: " + r.stderr)
    # A linked folder that leads out of the project.
    os.symlink(outside, os.path.join(game, "exports"))
    r = run(["export", game_level, "-o", os.path.join(game, "exports", "level.json")])
    check(r.returncode == 3 and "linked folder" in r.stderr and not os.path.exists(os.path.join(outside, "level.json")),
          "export into a linked folder out of the project is refused: " + r.stderr)
    # Allowed: the link is replaced by a regular file holding the export; the target stays as it was.
    r = run(["export", game_level, "-o", link, "--allow-outside-project"])
    check(r.returncode == 0 and not os.path.islink(link) and json.loads(read(link))["format"] == "railforge-export",
          "--allow-outside-project replaces the link with the export: " + r.stderr)
    check(read(rc) == "echo hello\n", "and never writes the file the link pointed to")
    # A link inside the project is replaced by the file too (never written through).
    real = os.path.join(game, "real.json")
    with open(real, "w") as f:
        f.write("{}\n")
    inner = os.path.join(game, "current.json")
    os.symlink(real, inner)
    r = run(["export", game_level, "-o", inner])
    check(r.returncode == 0 and not os.path.islink(inner) and read(real) == "{}\n",
          "a link inside the project: replaced by the file, its target untouched: " + r.stderr)

finish()
