// Three-way merges of levels by object and field (docs/design.md "Merging levels"): objects matched by
// id (edges by their ends), renames on either side followed, each object merged field by field
// (object_merge.h), and a deletion that the other side still refers to (an edge to a deleted
// waypoint, a junction on a deleted rail) made a conflict instead of a broken level.
#pragma once

#include "document/merge/level_renames.h"
#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

// One object both sides changed in ways that cannot both be kept.
struct MergeConflict {
    std::string kind; // "waypoint", "edge", "obstacle", "rail", "patrol", "junction", "reference" or "level"
    std::string id;   // the object's id (an edge: "from>to"); empty for the level's own fields
    std::vector<std::string> described; // each disputed field, told for people
    // "rail 'main' (ours moves point 3 to (1, 2, 3), theirs to (1, 2, 4))".
    std::string summary() const;
};

// A merge: the level with every conflict settled towards ours, and towards theirs; equal when clean.
struct LevelMerge {
    Level ours;
    Level theirs;
    std::vector<MergeConflict> conflicts;
    std::vector<Rename> renames; // the renames followed, ours' then theirs'
    bool clean() const { return conflicts.empty(); }
};

// Merges the changes from `base` to `ours` and from `base` to `theirs`.
LevelMerge mergeLevels(const Level &base, const Level &ours, const Level &theirs);

} // namespace railforge::document
