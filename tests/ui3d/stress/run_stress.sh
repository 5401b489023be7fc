#!/usr/bin/env bash
# Runs a 3D test RUNS times in a row under Xvfb with llvmpipe; the first crash or failure fails it. No
# second chance: a crash that a retry would hide is a crash. With --busy-core, another process keeps
# one core busy all the while, as a loaded CI machine does (the render thread and the GUI thread then
# interleave differently from run to run, which is what shook out the crashes of docs/qa.md).
# usage: run_stress.sh RUNS [--busy-core] COMMAND [ARGS...]
set -uo pipefail
runs=$1
shift
busy=""
if [ "${1:-}" = "--busy-core" ]; then
    shift
    # A plain shell loop: one core's worth of work that never sleeps, ended with this script.
    bash -c 'while :; do :; done' &
    busy=$!
fi
log=$(mktemp)
trap 'rm -f "$log"; [ -n "$busy" ] && kill "$busy" 2>/dev/null' EXIT
here=$(dirname "$0")
for ((i = 1; i <= runs; ++i)); do
    if ! "$here/../run_under_xvfb.sh" "$@" > "$log" 2>&1; then
        cat "$log"
        echo "error: the 3D test failed on run $i of $runs${busy:+ (one core kept busy)}" >&2
        exit 1
    fi
done
tail -n 3 "$log"
echo "the 3D test passed $runs runs in a row${busy:+ with one core kept busy}"
