"""Runs a command under /usr/bin/time -v, which measures the process and every child it waited for
(RailForge's reader and strategy processes included): the figures a bound in an issue is stated in."""
import re
import subprocess
import tempfile


def measured_run(command, timeout=300):
    """Runs `command` (a list); returns (CompletedProcess with text output, wall seconds, peak resident MB)."""
    with tempfile.NamedTemporaryFile("r") as times:
        r = subprocess.run(["/usr/bin/time", "-v", "-o", times.name, *command], capture_output=True, text=True,
                           errors="replace", timeout=timeout)
        report = times.read()
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1)) / 1024.0
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", report)
    seconds = int(clock.group(1) or 0) * 3600 + int(clock.group(2)) * 60 + float(clock.group(3))
    return r, seconds, peak
