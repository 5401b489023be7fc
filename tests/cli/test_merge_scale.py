#!/usr/bin/env python3
"""Merge and diff stay linear in the level's size (docs/design.md "Merging levels"): a level of 120,000
waypoints (a 5 MB file, well within the limits) where ours moves the first half and theirs the second
half merges cleanly and is diffed within 10 s each, with every move of both sides in the result; and
the merge of 120,000 takes at most 3 times the merge of 60,000 (the best of two runs each, so a busy
moment of the machine does not decide it; linear is 2x, quadratic 4x, and caches and the allocator
put a linear merge at 2.2 to 2.6x here, so 3x tells the two apart without failing on noise). A large file that is not a level is merged line by line by
git, as the driver's help says.
Usage: test_merge_scale.py RAILFORGE_CLI"""
import os
import subprocess
import sys
import tempfile
import time

from checklist import check, finish

cli = sys.argv[1]


def level(path, n, moved):
    """n waypoints in a row; `moved(i)` says whether waypoint i is moved up by 1."""
    with open(path, "w") as f:
        f.write("railforge: 1\nlevel: {name: Scale, units: m}\nwaypoints:\n")
        f.write("".join("  - {id: w%d, position: [%d, %d, %d]}\n" % (i, i % 1000, i // 1000, 1 if moved(i) else 0)
                        for i in range(n)))
        f.write("edges:\n  - {from: w0, to: w1}\n")


def timed(*args):
    start = time.monotonic()
    r = subprocess.run([cli, *args], capture_output=True, text=True, timeout=600)
    return r, time.monotonic() - start


def merge_of(tmp, n):
    """Files for a merge of n waypoints; returns the best of two merge times and the last result."""
    base, ours, theirs, out = (os.path.join(tmp, "%s%d.yaml" % (name, n)) for name in ("base", "ours", "theirs", "out"))
    level(base, n, lambda i: False)
    level(ours, n, lambda i: i < n // 2)
    level(theirs, n, lambda i: i >= n // 2)
    runs = [timed("merge", base, ours, theirs, "-o", out) for _ in range(2)]
    return min(seconds for _, seconds in runs), runs[-1][0], out, base, ours


with tempfile.TemporaryDirectory() as tmp:
    n = 120000
    seconds, r, out, base, ours = merge_of(tmp, n)
    check(os.path.getsize(base) > 4e6, "the level of 120,000 waypoints is a file of several MB", 4e6,
          os.path.getsize(base))
    check(r.returncode == 0, "120,000 waypoints, each side moving half: a clean merge", 0, (r.returncode, r.stderr[-300:]))
    check(seconds < 10, "the merge of 120,000 waypoints takes under 10 s", 10, seconds)
    with open(out) as f:
        lines = [l for l in f if l.startswith("  - {id: w")]
    check(len(lines) == n, "every waypoint is in the result", n, len(lines))
    check(all(l.rstrip().endswith(", 1]}") for l in lines), "every waypoint moved by either side is moved",
          None, [l for l in lines if not l.rstrip().endswith(", 1]}")][:3])

    start = time.monotonic()
    d = subprocess.run([cli, "diff", base, ours], capture_output=True, text=True, timeout=600)
    seconds_diff = time.monotonic() - start
    check(d.returncode in (0, 1), "diff answers", "0 or 1", (d.returncode, d.stderr[-300:]))
    check(seconds_diff < 10, "the diff of 120,000 waypoints takes under 10 s", 10, seconds_diff)
    check(d.stdout.count("moved by (0, 0, 1)") == n // 2, "the diff tells each of ours' 60,000 moves", n // 2,
          d.stdout.count("moved by (0, 0, 1)"))

    half, _, _, _, _ = merge_of(tmp, n // 2)
    check(seconds <= 3.0 * half, "the merge's time grows about linearly: 120,000 within 3 x of 60,000",
          "%.2f s or less" % (3.0 * half), "%.2f s (60,000: %.2f s)" % (seconds, half))

    # A 70 MB YAML file that is not a level: merged by git's line merge, not refused for its size.
    big = [os.path.join(tmp, "big_%s.yaml" % side) for side in ("base", "ours", "theirs")]
    body = "".join("key%d: value\n" % i for i in range(5000000))
    for path, head in zip(big, ("head: base\n", "head: ours\n", "head: base\n")):
        with open(path, "w") as f:
            f.write(head + body + ("tail: base\n" if "theirs" not in path else "tail: theirs\n"))
    check(os.path.getsize(big[0]) > 64 << 20, "the file that is not a level is over 64 MiB", 64 << 20,
          os.path.getsize(big[0]))
    merged = os.path.join(tmp, "big_merged.yaml")
    r, _ = timed("merge", big[0], big[1], big[2], "-o", merged)
    check(r.returncode == 0, "a file over 64 MiB that is not a level is line-merged cleanly", 0,
          (r.returncode, r.stderr[-300:]))
    with open(merged) as f:
        text = f.read()
    check(text.startswith("head: ours\n") and text.endswith("tail: theirs\n"), "with both sides' changes")

finish()
