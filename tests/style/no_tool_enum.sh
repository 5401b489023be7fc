#!/bin/bash
# A tool is its entry in the tool registry (src/app/tools/tool_registry.cpp): the editor's `tool` is
# that entry's id, and both views make their tools from the entry. So no enum names the tools, no
# switch picks what a tool does by its id (the tool does it), and QML names no tool enum value.
# Fails listing every place.
root="$(cd "$(dirname "$0")/../.." && pwd)"
found=$(
    grep -rnE 'enum( class)? +[A-Za-z]*Tool[A-Za-z]*\b' "$root/src/app" --include='*.cpp' --include='*.h'
    grep -rnE 'switch *\(.*tool\(\)' "$root/src/app" --include='*.cpp' --include='*.h'
    grep -rnE 'EditorController\.(Select|Waypoint|Connect|Rail|Obstacle|Patrol|Probe|Ruler)\b' "$root/qml" "$root/tests" \
        --include='*.qml'
)
if [ -n "$found" ]; then
    echo "tools named outside their registry entry (give the tool a describe() and list it in tool_registry.cpp):"
    echo "$found"
    exit 1
fi
echo "every tool is its registry entry"
