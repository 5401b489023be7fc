#!/usr/bin/env python3
"""A writer killed mid-write loses nothing: railforge-cli export is SIGKILLed at several moments while
it writes over an existing file; afterwards the file is either exactly the old one or a complete
new export, never a truncated mix. (The editor's Save goes through the same atomic writer.) The temporary file a
killed write leaves is removed by the next write in its folder.
Usage: test_kill_during_save.py RAILFORGE_CLI"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from checklist import check, finish

cli = sys.argv[1]
def big_level(path):
    """300 wavy rails of 100 points: exporting them at a fine spacing takes a while."""
    import math
    lines = ["railforge: 1", "level: {name: Big, units: m}", "rails:"]
    for r in range(300):
        points = ", ".join(f"[{i * 3 + r}, {5 * math.sin(i * 0.7) + r * 2}, 0]" for i in range(100))
        lines.append(f"  - {{id: r{r}, points: [{points}]}}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


with tempfile.TemporaryDirectory() as tmp:
    level = os.path.join(tmp, "big.yaml")
    big_level(level)
    out = os.path.join(tmp, "out.yaml")
    old = "# the previous export, which must survive\n"
    complete = 0
    for delay in (0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6):
        with open(out, "w") as f:
            f.write(old)
        proc = subprocess.Popen([cli, "export", level, "-o", out, "--spacing", "0.02"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        finished = proc.poll() is not None
        if not finished:
            proc.send_signal(signal.SIGKILL)
        proc.wait()
        with open(out) as f:
            text = f.read()
        if text == old:
            check(True, "")
            continue
        # Not the old file: then it must be the whole new export.
        complete += 1
        check(text.startswith("format: railforge-export\n") and text.rstrip().endswith("]") and "  - id: r299\n" in text,
              f"killed after {delay} s: out.yaml is neither the old file nor a complete export ({len(text)} bytes)")
    check(complete < 7, "every run finished before the kill: the test did not interrupt a write")

    # The temporary file of a write killed mid-way is removed by the next write into that folder; a
    # file of another name, and a temporary whose writer still lives, are left alone.
    def temporaries():
        return sorted(n for n in os.listdir(tmp) if re.match(r"^\.out\.yaml\.railforge-\d+-[0-9a-f]{8}\.tmp$", n))

    left = []
    for attempt in range(20):
        proc = subprocess.Popen([cli, "export", level, "-o", out, "--spacing", "0.02"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while proc.poll() is None and not temporaries():
            time.sleep(0.0005)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        left = temporaries()
        if left:
            break
    check(left, "a write killed while its temporary file exists leaves it behind (else the test proves nothing)")
    foreign = os.path.join(tmp, ".out.yaml.0123abcd.tmp")
    alive = os.path.join(tmp, ".out.yaml.railforge-%d-0123abcd.tmp" % os.getpid())
    for path in (foreign, alive):
        with open(path, "w") as f:
            f.write("not RailForge's to remove\n")
    other = os.path.join(tmp, "other.yaml")
    r = subprocess.run([cli, "export", level, "-o", other], capture_output=True, text=True)
    check(r.returncode == 0, "a write of another file in that folder succeeds", 0, r.stderr)
    check(not any(os.path.exists(os.path.join(tmp, n)) for n in left),
          "the killed write's temporary file is gone after the next write in its folder", [], temporaries())
    check(os.path.exists(foreign), "a .tmp file of another name is left alone")
    check(os.path.exists(alive), "a temporary file whose writer still runs is left alone")

finish()
