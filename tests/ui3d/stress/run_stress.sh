#!/usr/bin/env bash
# Runs the 3D view's stress test RUNS times in a row (default 20) under Xvfb with llvmpipe; the first
# crash or failure fails it. No second chance: a crash that a retry would hide is a crash.
# usage: run_stress.sh RUNS COMMAND [ARGS...]
set -uo pipefail
runs=$1
shift
here=$(dirname "$0")
for ((i = 1; i <= runs; ++i)); do
    if ! "$here/../run_under_xvfb.sh" "$@" > "/tmp/railforge-stress-$$.log" 2>&1; then
        cat "/tmp/railforge-stress-$$.log"
        rm -f "/tmp/railforge-stress-$$.log"
        echo "error: the 3D stress test failed on run $i of $runs" >&2
        exit 1
    fi
done
tail -n 3 "/tmp/railforge-stress-$$.log"
rm -f "/tmp/railforge-stress-$$.log"
echo "the 3D stress test passed $runs runs in a row"
