#!/usr/bin/env bash
# Applies .clang-format to every C++ source of the project (--check: changes nothing, lists the files
# that differ and fails when there are any). Uses clang-format 14, as Debian 12 ships it.
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format-14 || command -v clang-format || true)
[ -n "$format" ] || { echo "format.sh: clang-format-14 is not installed (make deps installs it)" >&2; exit 1; }
mapfile -t files < <(git ls-files -- '*.cpp' '*.h' 2>/dev/null || find src plugins tests -name '*.cpp' -o -name '*.h')
if [ "${1:-}" = "--check" ]; then
  bad=0
  for f in "${files[@]}"; do
    if ! "$format" --dry-run -Werror "$f" >/dev/null 2>&1; then echo "not formatted: $f (tools/format.sh fixes it)"; bad=1; fi
  done
  exit $bad
fi
"$format" -i "${files[@]}"
