// Resolving a conflicted level file (docs/design.md "Merging levels"): the file read as its two
// sides, the objects they differ in listed, and one object at a time taken from either side. The
// editor opens the ours side as the level, so what it saves is written over that side's text.
#pragma once

#include "document/model/rail_geometry_cache.h"
#include "document/yaml/level_reader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// One object the two sides differ in.
struct OpenConflict {
    std::string kind;     // "waypoint", ..., "level"
    std::string id;       // its id (an edge: "from>to"); empty for the level's own fields
    std::string summary;  // "rail 'main' (ours moves point 1 to (10, 0, 1), theirs to (10, 0, 2))"
    int line = 0;         // the 1-based line of the markers it stands between
    std::string theirsId; // an object the two sides call differently (renamed): theirs' id; else empty
};

// A conflicted file read.
struct ConflictedLevel {
    LoadResult ours;             // the file with every ours side; `ours.text` is that text
    std::optional<Level> theirs; // ... with every theirs side
    std::vector<OpenConflict> conflicts;
    Diagnostics problems; // why a side does not load (then there is nothing to resolve here)
};

// Reads a file whose text has conflict markers (conflict_markers.h).
ConflictedLevel readConflictedLevel(std::string_view text, const std::string &fileName);

// A conflict's object in the plan, to draw: a rail along its length, an edge between its ends, an
// obstacle's outline (closed), a patrol through its stops, a waypoint as its one point.
struct ConflictOutline {
    std::vector<core::Vec3> points;
    bool closed = false;
};

// The outline of the conflict's object in `level`, or nothing when the level lacks it (or it has no
// outline: junctions, references, the level's fields). Rails' shapes come from `geometryOf` (a
// document's), or are built here when it is empty.
std::optional<ConflictOutline> conflictOutline(const Level &level, const OpenConflict &conflict,
                                               const RailGeometryOf &geometryOf);

// `current` with the conflict's object as `theirs` has it: replaced, added next to its neighbour
// there, or removed; the level's own fields for "level". An object the sides call differently is
// renamed to theirs' id first, with everything in `current` that names it (edges, stops, junctions).
Level takeTheirs(const Level &current, const Level &theirs, const OpenConflict &conflict);

} // namespace railforge::document
