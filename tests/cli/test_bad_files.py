#!/usr/bin/env python3
"""Bad input never crashes, never hangs and is reported as FILE:LINE:COLUMN (docs/design.md "Reliability rules").

Usage: test_bad_files.py RAILFORGE_CLI SOURCE_DIR

1. Every level in tests/data/bad/ goes through `railforge-cli validate FILE`, which must exit 3
   (not killed by a signal, no sanitizer report) within 1 s and print a stderr line
   `FILE:LINE:COLUMN: ...fragment...` (`FILE: ...fragment...` when the expectation is 0:0).
   The expectation is the file's first line, `# expect: LINE:COLUMN: fragment`, or, for files that
   cannot carry a comment (empty, binary, invalid UTF-8), a line `FILENAME LINE:COLUMN fragment`
   in tests/data/bad/expectations.txt. Fragments match case-insensitively.
2. Inputs too big to commit are generated into a temporary folder: a level just over the 64 MiB
   limit, an alias bomb (billion laughs, 10 levels of 10 aliases), 100,000-deep nestings, a node
   flood and a polygon flood (quadratic simplicity check); each must be answered within 1 s.
3. Every CSV in tests/data/bad-csv/ (same `# expect:` convention) goes through
   `railforge-cli smooth --strategy simplify --in FILE --out OUT`, which must exit 3 with the
   located message and leave no OUT behind; plus a CSV just over the 256 MiB limit.

Prints one PASS/FAIL line per check and `N passed, M failed` last; exits 1 when any check failed.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# Seconds per run of the CLI. Sanitizer builds run several times slower: they set RAILFORGE_TIME_SCALE.
TIME_LIMIT = 1.0 * float(os.environ.get("RAILFORGE_TIME_SCALE", "1"))
EXIT_INVALID_INPUT = 3
EXPECT_LINE = re.compile(r"^# expect: (\d+):(\d+): (.+?)\s*$")
SANITIZER_MARKS = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer", "runtime error:")

passed = 0
failed = 0


def report(ok, label, detail):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {label} ({detail})")
    else:
        failed += 1
        print(f"FAIL {label}: {detail}")
    sys.stdout.flush()


def run_cli(args, limit=TIME_LIMIT):
    """Runs the CLI once; returns (exit code or None on timeout, stderr text, seconds)."""
    for attempt in range(20):  # the binary may be being relinked by a concurrent build: wait for it
        try:
            start = time.monotonic()
            proc = subprocess.run(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=limit)
            return proc.returncode, proc.stderr.decode("utf-8", "replace"), time.monotonic() - start
        except subprocess.TimeoutExpired as e:
            stderr = (e.stderr or b"").decode("utf-8", "replace")
            return None, stderr, time.monotonic() - start
        except OSError:
            if attempt == 19:
                raise
            time.sleep(1)
    raise AssertionError("unreachable")


def check_run(label, args, shown_path, place, fragment, allowed_codes=(EXIT_INVALID_INPUT,), after=None, time_limit=None):
    """place: (line, column), (0, 0) for no place, or None for any place; fragment None: no message check."""
    code, stderr, seconds = run_cli(args, TIME_LIMIT if time_limit is None else time_limit)
    problems = []
    if code is None:
        problems.append(f"no answer within {TIME_LIMIT:g} s (hang?)")
    elif code < 0:
        name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
        problems.append(f"killed by signal {name} (crash)")
    elif code not in allowed_codes:
        problems.append(f"exit code {code}, expected {' or '.join(map(str, allowed_codes))}")
    if any(mark in stderr for mark in SANITIZER_MARKS):
        problems.append("sanitizer report on stderr")
    limit = TIME_LIMIT if time_limit is None else time_limit
    if code is not None and seconds >= limit:
        problems.append(f"took {seconds:.2f} s (limit {limit:g} s)")
    if fragment is not None and code is not None:
        if place is None:
            prefix = re.compile(re.escape(shown_path) + r":\d+:\d+: ")
        elif place == (0, 0):
            prefix = re.compile(re.escape(shown_path) + r": ")
        else:
            prefix = re.compile(re.escape(f"{shown_path}:{place[0]}:{place[1]}: "))
        wanted = fragment.casefold()
        if not any((m := prefix.match(line)) and wanted in line[m.end():].casefold() for line in stderr.splitlines()):
            where = "FILE:L:C" if place is None else ("FILE" if place == (0, 0) else f"FILE:{place[0]}:{place[1]}")
            shown = "\n        ".join(stderr.splitlines()[:4]) or "(empty)"
            problems.append(f"no stderr line '{where}: ...{fragment}...'; stderr:\n        {shown}")
    if after is not None:
        problems.extend(after())
    detail = f"{seconds:.2f} s" if not problems else "; ".join(problems)
    report(not problems, label, detail)


def expectation_from_comment(path):
    with open(path, "rb") as f:
        first = f.readline().decode("utf-8", "replace")
    m = EXPECT_LINE.match(first)
    return ((int(m.group(1)), int(m.group(2))), m.group(3)) if m else None


def read_expectations_file(folder):
    table = {}
    path = os.path.join(folder, "expectations.txt")
    if not os.path.exists(path):
        return table
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            m = re.match(r"^(\S+)\s+(\d+):(\d+)\s+(.+)$", line)
            if not m:
                report(False, f"expectations.txt:{number}", f"cannot parse '{line}'")
                continue
            table[m.group(1)] = ((int(m.group(2)), int(m.group(3))), m.group(4))
    return table


def check_bad_levels(cli, folder):
    if not os.path.isdir(folder):
        report(False, folder, "folder missing")
        return
    table = read_expectations_file(folder)
    names = sorted(n for n in os.listdir(folder) if n != "expectations.txt")
    for name in sorted(set(table) - set(names)):
        report(False, f"bad/{name}", "listed in expectations.txt but missing")
    for name in names:
        path = os.path.join(folder, name)
        expectation = table.get(name) or expectation_from_comment(path)
        if expectation is None:
            report(False, f"bad/{name}", "no '# expect: LINE:COLUMN: fragment' line and not in expectations.txt")
            continue
        place, fragment = expectation
        check_run(f"bad/{name}", [cli, "validate", path], path, place, fragment)


def check_bad_csvs(cli, folder, tmp):
    out = os.path.join(tmp, "smoothed.csv")

    def no_output_left():
        if os.path.exists(out):
            os.remove(out)
            return [f"{out} was written for a refused input"]
        return []

    names = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
    if not names:
        report(False, folder, "folder missing or empty")
    for name in names:
        path = os.path.join(folder, name)
        expectation = expectation_from_comment(path)
        if expectation is None:
            report(False, f"bad-csv/{name}", "no '# expect: LINE:COLUMN: fragment' line")
            continue
        place, fragment = expectation
        check_run(f"bad-csv/{name}", [cli, "smooth", "--strategy", "simplify", "--in", path, "--out", out], path,
                  place, fragment, after=no_output_left)

    # Just over the 256 MiB CSV limit (a sparse file: no disk space used).
    huge = os.path.join(tmp, "huge.csv")
    with open(huge, "wb") as f:
        f.truncate(256 * 1024 * 1024 + 1)
    check_run("generated/huge.csv (256 MiB + 1 byte)",
              [cli, "smooth", "--strategy", "simplify", "--in", huge, "--out", out], huge, (1, 1), "limit",
              after=no_output_left)
    os.remove(huge)


def write(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return path


def check_generated_levels(cli, tmp):
    # A level one byte over the 64 MiB limit, made of harmless comment lines: refused by size.
    limit = 64 * 1024 * 1024
    huge = os.path.join(tmp, "huge.yaml")
    with open(huge, "wb") as f:
        head = b"railforge: 1\n"
        line = b"# " + b"x" * 1021 + b"\n"
        f.write(head)
        remaining = limit + 1 - len(head)
        while remaining >= len(line):
            f.write(line)
            remaining -= len(line)
        f.write(b"#" * remaining)
    assert os.path.getsize(huge) == limit + 1
    check_run("generated/huge.yaml (64 MiB + 1 byte)", [cli, "validate", huge], huge, (1, 1), "limit")
    os.remove(huge)

    # Billion laughs: 10 anchors, each a list of 10 aliases of the previous one (10^10 leaves).
    lines = ["railforge: 1", "level: {name: Bomb, units: m}",
             "lol0: &a0 [" + ", ".join(["lol"] * 10) + "]"]
    for i in range(1, 10):
        lines.append(f"lol{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    bomb = write(os.path.join(tmp, "alias-bomb.yaml"), "\n".join(lines) + "\n")
    check_run("generated/alias-bomb.yaml", [cli, "validate", bomb], bomb, (4, len("lol1: &a1 [") + 1), "alias")

    # The same bomb as a merge key inside a waypoint.
    merge = write(os.path.join(tmp, "alias-merge.yaml"),
                  "railforge: 1\nwaypoints:\n  - &w {id: a, position: [0, 0, 0]}\n  - {<<: *w, id: b}\n")
    check_run("generated/alias-merge.yaml", [cli, "validate", merge], merge, (4, len("  - {<<: ") + 1), "alias")

    # 100,000-deep nestings: refused at depth 65 (the root mapping is depth 1), without recursion.
    depth = 100_000
    deep = write(os.path.join(tmp, "deep-flow-sequence.yaml"), "railforge: 1\nlevel: " + "[" * depth + "]" * depth + "\n")
    check_run("generated/deep-flow-sequence.yaml (100,000 deep)", [cli, "validate", deep], deep,
              (2, len("level: ") + 64), "nesting deeper than")
    deep = write(os.path.join(tmp, "deep-flow-unclosed.yaml"), "railforge: 1\nlevel: " + "[" * depth + "\n")
    # (yaml-cpp reports each unclosed '[' as a sequence plus an implicit mapping, so the depth limit
    # trips about half way in: any place on the line will do.)
    check_run("generated/deep-flow-unclosed.yaml (100,000 deep, never closed)", [cli, "validate", deep], deep,
              None, "nesting deeper than")
    deep = write(os.path.join(tmp, "deep-flow-mapping.yaml"),
                 "railforge: 1\nlevel: " + "{a: " * depth + "1" + "}" * depth + "\n")
    check_run("generated/deep-flow-mapping.yaml (100,000 deep)", [cli, "validate", deep], deep,
              (2, len("level: ") + 4 * 63 + 1), "nesting deeper than")
    deep = write(os.path.join(tmp, "deep-block-sequence.yaml"), "railforge: 1\nlevel:\n" + "- " * depth + "1\n")
    check_run("generated/deep-block-sequence.yaml (100,000 deep)", [cli, "validate", deep], deep,
              (3, 2 * 63 + 1), "nesting deeper than")

    # Node flood: 2,000,000 scalars in 4 MB. Far below the byte limit, but yaml-cpp needs ~0.5 KB of
    # memory and ~3 us per node; it must be refused (node limit, 1,000,000) rather than loaded. The
    # streaming pre-pass reaches the limit in about a second, so this one gets 3 s.
    flood = write(os.path.join(tmp, "node-flood.yaml"),
                  "railforge: 1\nlevel: {name: Flood, units: m}\nwaypoints: [" + ",".join(["0"] * 2_000_000) + "]\n")
    check_run("generated/node-flood.yaml (2,000,000 nodes in 4 MB)", [cli, "validate", flood], flood, None,
              "too many", time_limit=3.0 * TIME_LIMIT)
    os.remove(flood)

    # A 10 MB scalar where a number belongs: the message quotes it cut short, not 10 MB of it.
    long_scalar = write(os.path.join(tmp, "long-scalar.yaml"),
                        "railforge: 1\nwaypoints:\n  - {id: a, position: [" + "x" * 10_000_000 + ", 0, 0]}\n")
    # A hang guard, not a speed test: yaml-cpp scans a plain scalar at about 5 MB/s (2 s here when idle,
    # more than 3 s beside another test on two cores).
    code, stderr, _ = run_cli([cli, "validate", long_scalar], 15.0 * TIME_LIMIT)
    report(code == EXIT_INVALID_INPUT and len(stderr) < 2000 and "10000000 characters" in stderr,
           "generated/long-scalar.yaml (10 MB scalar)", f"exit {code}, {len(stderr)} bytes of stderr: {stderr[:300]}")
    os.remove(long_scalar)

    # The unreachable stop that validate refuses is refused by route and export at the same place.
    unreachable = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "bad",
                               "patrol-unreachable-stop.yaml")
    for args in (["route", unreachable, "--patrol", "p"], ["export", unreachable, "-o", os.path.join(tmp, "x.json")]):
        check_run("unreachable stop: " + args[0], [cli] + args, unreachable, (9, 24), "cannot be reached")

    # What goes wrong although the level is valid: warnings at the edge's place, exit 0.
    crossing = write(os.path.join(tmp, "crossing.yaml"),
                     "railforge: 1\nwaypoints:\n  - {id: a, position: [0, 10, 0]}\n  - {id: b, position: [10, 0, 0]}\n"
                     "edges:\n  - {from: a, to: b}\nobstacles:\n  - {id: pillar, circle: {center: [5, 5], radius: 1.5}}\n")
    check_run("crossing.yaml: an edge through an obstacle is a located warning", [cli, "validate", crossing], crossing,
              (6, 12), "warning: edge a <-> b crosses an obstacle", allowed_codes=(0,))

    # Polygon flood: a valid level whose 10 obstacles are 4096-vertex convex polygons (600 KB). The
    # simplicity check must not be quadratic enough to stall validation; accepted or refused, fast.
    outline = ", ".join(f"[{i}, {i * i}]" for i in range(4096))
    body = "".join(f"  - {{id: o{k}, polygon: [{outline}]}}\n" for k in range(10))
    polygons = write(os.path.join(tmp, "polygon-flood.yaml"), "railforge: 1\nobstacles:\n" + body)
    check_run("generated/polygon-flood.yaml (10 x 4096 vertices)", [cli, "validate", polygons], polygons, None,
              None, allowed_codes=(0, EXIT_INVALID_INPUT))


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    cli, source = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory(prefix="railforge-bad-") as tmp:
        check_bad_levels(cli, os.path.join(source, "tests", "data", "bad"))
        check_generated_levels(cli, tmp)
        check_bad_csvs(cli, os.path.join(source, "tests", "data", "bad-csv"), tmp)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
