#!/usr/bin/env bash
# Runs a 2D editor suite RUNS times in a row, offscreen, the first failure failing it (no second
# chance: a test that fails one run in N is a test to fix). With --busy-core, another process keeps
# one core busy all the while, as a loaded CI machine does. With --late-frames MS, every other run
# has Qt make a frame only MS ms after one is asked for (QT_QPA_UPDATE_IDLE_TIME; 5 by default), so
# test events arrive many to a frame, as they do under load: a test that clicks a field before the
# window has laid it out fails there every time instead of once in a while.
# usage: run_busy.sh RUNS [--busy-core] [--late-frames MS] COMMAND [ARGS...]
set -uo pipefail
runs=$1
shift
busy=""
late=""
while [ $# -gt 0 ]; do
    case "$1" in
    --busy-core)
        # A plain shell loop: one core's worth of work that never sleeps, ended with this script.
        bash -c 'while :; do :; done' &
        busy=$!
        shift
        ;;
    --late-frames)
        late=$2
        shift 2
        ;;
    *) break ;;
    esac
done
log=$(mktemp)
trap 'rm -f "$log"; [ -n "$busy" ] && kill "$busy" 2>/dev/null' EXIT
for ((i = 1; i <= runs; ++i)); do
    gap=""
    if [ -n "$late" ] && ((i % 2 == 0)); then gap=$late; fi
    if ! env QT_QPA_PLATFORM=offscreen ${gap:+QT_QPA_UPDATE_IDLE_TIME=$gap} "$@" > "$log" 2>&1; then
        cat "$log"
        echo "error: the suite failed on run $i of $runs${busy:+ (one core kept busy)}${gap:+ (frames $gap ms late)}" >&2
        exit 1
    fi
done
tail -n 3 "$log"
echo "the suite passed $runs runs in a row${busy:+ with one core kept busy}${late:+, every other one with frames $late ms late}"
