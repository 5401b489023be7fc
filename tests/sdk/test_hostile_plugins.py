#!/usr/bin/env python3
"""Hostile strategies, built out of tree against the installed SDK as a tools programmer would build
them: one throws, one segfaults, one never returns, one returns a single point, one throws in its
constructor, one eats memory. The installed railforge-cli must report each as that strategy's error
with exit 1, never abort and never wait past --timeout; with all of them installed, the good
strategies still run. RAILFORGE_STRATEGIES_IN_PROCESS=1 runs strategies in the CLI's own process.
Usage: test_hostile_plugins.py BUILD_DIR SOURCE_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

build, source = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(condition, message):
    global passed, failed
    passed, failed = (passed + 1, failed) if condition else (passed, failed + 1)
    print(("ok  " if condition else "FAIL") + " " + message)


def run(args, **kwargs):
    started = time.monotonic()
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    result.seconds = time.monotonic() - started
    return result


LEVEL = """railforge: 1
level: {name: Hostile, units: m}
waypoints:
  - {id: a, position: [0, 0, 0]}
  - {id: b, position: [10, 0, 0]}
  - {id: c, position: [10, 10, 0]}
edges:
  - {from: a, to: b}
  - {from: b, to: c}
patrols:
  - {id: good, stops: [a, c], mode: once, smoothing: [{strategy: chaikin}]}
  - {id: crashing, stops: [a, c], mode: once, smoothing: [{strategy: chaikin}, {strategy: bad-segv}]}
"""

TIMEOUT = 3  # seconds: long enough for a loaded CI machine to start a helper, short for the test

with tempfile.TemporaryDirectory() as tmp:
    prefix = os.path.join(tmp, "sdk")
    installed = run(["cmake", "--install", build, "--prefix", prefix])
    check(installed.returncode == 0, "cmake --install\n" + installed.stderr[-2000:])
    project = os.path.join(tmp, "hostile")
    shutil.copytree(os.path.join(source, "tests", "sdk", "hostile"), project)
    out = os.path.join(project, "build")
    configured = run(["cmake", "-S", project, "-B", out, "-G", "Ninja", "-DCMAKE_PREFIX_PATH=" + prefix])
    check(configured.returncode == 0, "configure against the installed SDK\n" + configured.stderr[-3000:])
    built = run(["cmake", "--build", out])
    check(built.returncode == 0, "build the hostile plugins\n" + built.stdout[-3000:])

    cli = os.path.join(prefix, "bin", "railforge-cli")
    env = dict(os.environ, RAILFORGE_PLUGIN_PATH=out)
    env.pop("RAILFORGE_STRATEGIES_IN_PROCESS", None)
    path = "0,0\n4,0\n4,3\n8,3\n"

    listed = run([cli, "plugins"], env=env)
    check(listed.returncode == 0 and all(i in listed.stdout for i in ["bad-ctor", "bad-segv", "chaikin"]),
          "plugins lists every strategy from metadata alone, the constructor-throwing one too")

    expectations = {
        "bad-throw": "bad-throw: threw an exception: vector::_M_range_check",
        "bad-segv": "bad-segv: crashed (signal 11",
        "bad-loop": "bad-loop: no answer after %d s" % TIMEOUT,
        "bad-one-point": "bad-one-point: returned 1 point for a path of 4 points",
        "bad-ctor": "bad-ctor: threw an exception while loading: licence file not found",
        "bad-memory": "bad-memory: ran out of memory (limit 256 MB)",
    }
    for strategy, expected in expectations.items():
        result = run([cli, "smooth", "--strategy", strategy, "--timeout", str(TIMEOUT), "--memory-limit", "256"],
                     input=path, env=env, cwd=tmp, timeout=60)
        check(result.returncode == 1 and expected in result.stderr,
              "%s: exit 1 and '%s' (got exit %d: %s)" % (strategy, expected, result.returncode, result.stderr.strip()))
        check(result.seconds < TIMEOUT + 4, "%s: answered in %.1f s, within the limit" % (strategy, result.seconds))
    check(not any(name.startswith("core") for name in os.listdir(tmp)), "no core files left behind")

    good = run([cli, "smooth", "--strategy", "chaikin"], input=path, env=env)
    check(good.returncode == 0 and len(good.stdout.splitlines()) > 4,
          "with every hostile plugin on the path, chaikin still runs")

    level = os.path.join(tmp, "hostile.yaml")
    with open(level, "w") as f:
        f.write(LEVEL)
    route = run([cli, "route", level, "--patrol", "crashing", "--timeout", str(TIMEOUT)], env=env, timeout=60)
    check(route.returncode == 1 and "smoothing step 2: bad-segv: crashed (signal 11" in route.stderr,
          "route names the patrol, the step and the crash (got %d: %s)" % (route.returncode, route.stderr.strip()))
    fine = run([cli, "route", level, "--patrol", "good"], env=env)
    check(fine.returncode == 0 and fine.stdout.startswith("s,x,y,z"), "the other patrol of that level still routes")
    exported = run([cli, "export", level, "-o", os.path.join(tmp, "out.yaml"), "--timeout", str(TIMEOUT)], env=env, timeout=60)
    check(exported.returncode == 1 and "bad-segv: crashed" in exported.stderr and not os.path.exists(os.path.join(tmp, "out.yaml")),
          "export fails with the crash and writes nothing (got %d: %s)" % (exported.returncode, exported.stderr.strip()))

    # validate learns what route would fail on: a strategy not installed here, a parameter out of range.
    uninstalled = os.path.join(source, "tests", "data", "levels", "uninstalled-strategy.yaml")
    strict = run([cli, "validate", uninstalled], env=env)
    check(strict.returncode == 3 and "uninstalled-strategy.yaml:17:19: patrol 'guard' smoothing step 1: unknown strategy 'studio-funnel'" in strict.stderr
          and ":24:20: patrol 'sentry' smoothing step 1: parameter 'iterations' = 99 is outside [0, 10]" in strict.stderr,
          "validate refuses the unknown strategy and the bad parameter at their steps (got %d: %s)" % (strict.returncode, strict.stderr))
    lenient = run([cli, "validate", uninstalled, "--allow-missing-plugins"], env=env)
    check(lenient.returncode == 3 and "warning: patrol 'guard' smoothing step 1: strategy 'studio-funnel' is not installed" in lenient.stderr
          and "is outside [0, 10]" in lenient.stderr, "--allow-missing-plugins warns about the missing one, still checks the known one")
    fixed = os.path.join(tmp, "fixed.yaml")
    with open(fixed, "w") as f:
        f.write(open(uninstalled).read().replace("iterations: 99", "iterations: 2"))
    accepted = run([cli, "validate", fixed, "--allow-missing-plugins"], env=env)
    check(accepted.returncode == 0 and ": ok:" in accepted.stdout, "--allow-missing-plugins accepts a level whose only problem is a missing strategy")
    check(run([cli, "validate", fixed], env=env).returncode == 3, "without it, the missing strategy is an error")

    bad_timeout = run([cli, "smooth", "--strategy", "chaikin", "--timeout", "0"], input=path, env=env)
    check(bad_timeout.returncode == 2 and "--timeout" in bad_timeout.stderr, "--timeout 0 is a usage error")

    # The plugin author's debugging mode: one process, so the crash is the CLI's own.
    in_process = dict(env, RAILFORGE_STRATEGIES_IN_PROCESS="1")
    same = run([cli, "smooth", "--strategy", "bad-one-point"], input=path, env=in_process)
    check(same.returncode == 1 and "bad-one-point: returned 1 point" in same.stderr,
          "in process, output checks still apply")
    crashed = run([cli, "smooth", "--strategy", "bad-segv"], input=path, env=in_process, cwd=tmp)
    check(crashed.returncode == -11, "in process, a segfault takes the CLI down (got %d): the mode is real" % crashed.returncode)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
