// What changed from one level to another, by object and field, for people and for tools
// (`railforge-cli diff`, git's external diff for levels): "rail 'main': point 3 moved by (0.5, 0, 0)",
// "junction 'j1' added", "waypoint 'w7' renamed to 'gate'".
#pragma once

#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

// One object's change.
struct ObjectChange {
    enum class What { Added, Removed, Renamed, Changed };
    std::string kind; // "waypoint", ..., "level"
    std::string id;   // its id before (an edge: "from>to"; empty for the level)
    What what = What::Changed;
    std::string renamedTo;           // Renamed: the new id
    std::vector<std::string> fields; // Changed (and Renamed with changes of the other side): each field's change
    // "rail 'main': point 3 moved by (0.5, 0, 0)" — one line per field, or the one line of an add,
    // removal or rename.
    std::vector<std::string> lines() const;
};

// The changes from `before` to `after`, kind by kind in the file's order (renames found as a merge
// finds them: level_renames.h).
std::vector<ObjectChange> diffLevels(const Level &before, const Level &after);

// "added", "removed", "renamed", "changed".
const char *changeName(ObjectChange::What what);

} // namespace railforge::document
