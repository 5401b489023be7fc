#!/usr/bin/env bash
# Longer fuzzing runs of the loaders (make fuzz): each fuzzer in turn, SECONDS each.
#
#   tests/fuzz/run_fuzz.sh BUILD_DIR SECONDS [extra libFuzzer flags, e.g. -runs=1000000]
#
# Needs BUILD_DIR/bin/fuzz_level_loader and fuzz_csv_reader (tests/fuzz/CMakeLists.txt builds them
# with clang++-14). The repository corpus (tests/fuzz/corpus/<kind>) only seeds a working corpus in
# BUILD_DIR/fuzz/corpus/<kind>, which keeps growing from run to run; the repository is never
# written. Findings (crash-*, leak-*, timeout-*, oom-*, slow-unit-*) land in BUILD_DIR/fuzz/findings/<kind>/.
# For each one: reproduce with `BUILD_DIR/bin/FUZZER FILE`, minimise with
# `BUILD_DIR/bin/FUZZER -minimize_crash=1 -runs=100000 -exact_artifact_path=OUT FILE`, and commit OUT
# as tests/fuzz/corpus/<kind>/crash-<short-name> so `ctest -L fuzz` replays it from then on.
# Exits 0 when no fuzzer found anything, 1 otherwise, 2 on usage errors.
set -uo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 BUILD_DIR SECONDS [libFuzzer flags...]" >&2
    exit 2
fi
build=$(cd "$1" && pwd) || exit 2
seconds=$2
shift 2
case "$seconds" in
    '' | *[!0-9]*) echo "$0: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;;
esac
source_dir=$(cd "$(dirname "$0")" && pwd)

status=0
for kind in level csv; do
    case $kind in
        level) fuzzer=fuzz_level_loader ;;
        csv) fuzzer=fuzz_csv_reader ;;
    esac
    binary=$build/bin/$fuzzer
    if [ ! -x "$binary" ]; then
        echo "$0: $binary is missing: configure with clang++-14 installed and build the 'fuzzers' target" >&2
        exit 2
    fi
    corpus=$build/fuzz/corpus/$kind
    findings=$build/fuzz/findings/$kind
    mkdir -p "$corpus" "$findings"
    # Seed inputs only; kept findings (crash-* ...) are replayed by ctest, not mutated here.
    find "$source_dir/corpus/$kind" -maxdepth 1 -type f \
        ! -name 'crash-*' ! -name 'leak-*' ! -name 'timeout-*' ! -name 'oom-*' ! -name 'slow-unit-*' \
        -exec cp -p {} "$corpus"/ \;
    before=$(find "$findings" -type f | wc -l)
    echo "== $fuzzer: ${seconds}s, corpus $corpus, findings $findings"
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1} \
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        "$binary" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$findings/" "$@" "$corpus"
    rc=$?
    after=$(find "$findings" -type f | wc -l)
    if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then
        echo "== $fuzzer: FINDINGS (exit $rc); see $findings" >&2
        status=1
    else
        echo "== $fuzzer: nothing found"
    fi
done
exit $status
