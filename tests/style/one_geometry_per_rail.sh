#!/bin/bash
# One geometry per rail: the editor (src/app) never makes a rail's curve, arc-length table or frames
# itself; it asks the document (LevelDocument::railGeometry), which builds each once per change.
# Fails listing every place that does.
root="$(cd "$(dirname "$0")/../.." && pwd)"
found=$(grep -rnE 'railCurve\(|railFrames\(|make_shared<const document::RailGeometry>|RailGeometry\(' \
    "$root/src/app" --include='*.cpp' --include='*.h' | grep -v '//')
if [ -n "$found" ]; then
    echo "src/app builds rail geometry of its own (ask LevelDocument::railGeometry instead):"
    echo "$found"
    exit 1
fi
echo "src/app reads every rail's geometry from the document"
