#!/usr/bin/env bash
# Runs the 3D view's tests on a fresh X server and checks they rendered with Mesa's llvmpipe, the
# renderer the golden images were made with. The test runner (main.cpp) names the OpenGL renderer on
# a line "RENDERER: ..." before its first test; Qt's QSG_INFO log is not used, because the render
# thread would then log through QtTest's message handler during the tests (docs/qa.md).
# usage: run_under_xvfb.sh COMMAND [ARGS...]
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
unset QT_QPA_PLATFORM QT_QUICK_BACKEND QSG_INFO
export QT_ENABLE_HIGHDPI_SCALING=0 QT_SCALE_FACTOR=1
xvfb-run -a -s "-screen 0 1600x1000x24" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
renderer=$(grep -o "RENDERER: .*" "$log" | head -1)
echo "3D tests rendered with: ${renderer:-no OpenGL renderer named in the log}"
if ! grep -q "RENDERER: llvmpipe" "$log"; then
    echo "error: the 3D view was not rendered by Mesa llvmpipe; its golden images would not compare" >&2
    exit 1
fi
exit "$status"
