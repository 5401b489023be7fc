#!/bin/bash
# One geometry per rail. The editor (src/app) never makes a rail's curve, arc-length table or frames
# itself; it asks the document (LevelDocument::railGeometry), which builds each once per change. The
# document's other parts and the CLI read a rail's geometry from the shape store
# (document/model/rail_shape_geometry.h: geometryOfShape, pathTable for a patrol's path). Outside
# src/core only the two owners build arc-length tables or frames: rail_geometry_cache.cpp (the
# RailGeometry itself) and rail_shape_geometry.cpp (the store and path tables). Fails listing every
# place that does otherwise.
root="$(cd "$(dirname "$0")/../.." && pwd)"
status=0
found=$(grep -rnE 'railCurve\(|railFrames\(|buildArcLengthTable\(|make_shared<const document::RailGeometry>|RailGeometry\(' \
    "$root/src/app" --include='*.cpp' --include='*.h' | grep -v '//')
if [ -n "$found" ]; then
    echo "src/app builds rail geometry of its own (ask LevelDocument::railGeometry instead):"
    echo "$found"
    status=1
fi
owners='src/document/model/rail_geometry_cache.cpp|src/document/model/rail_shape_geometry.cpp|src/document/model/rail_geometry.(h|cpp)'
found=$(cd "$root" && grep -rnE 'buildArcLengthTable\(|railFrames\(|make_shared<const (document::)?RailGeometry>' \
    src/document src/cli src/plugin-host --include='*.cpp' --include='*.h' | grep -vE "^($owners):" | grep -v '^[^:]*:[0-9]*: *//')
if [ -n "$found" ]; then
    echo "src/document or src/cli builds rail geometry outside its owners (ask geometryOfShape or pathTable):"
    echo "$found"
    status=1
fi
builders=$(cd "$root" && grep -rlE 'buildArcLengthTable\(' src --include='*.cpp' --include='*.h' | grep -v '^src/core/')
if [ "$(echo "$builders" | grep -c .)" -gt 2 ]; then
    echo "more than two files outside src/core build arc-length tables:"
    echo "$builders"
    status=1
fi
[ $status = 0 ] && echo "every rail's geometry comes from its owner: src/app from the document, the rest from the shape store"
exit $status
