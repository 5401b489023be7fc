// Renames between two versions of a level: an id gone and one new id whose object is otherwise equal
// (what the editor's rename does), so a merge can follow a rename made on one side.
#pragma once

#include "document/model/level.h"
#include "document/model/object_ref.h"

#include <map>
#include <string>
#include <vector>

namespace railforge::document {

// Object kinds that have ids of their own and can be renamed.
enum class NamedKind { Waypoint, Obstacle, Rail, Patrol, Junction, Reference, Agent };

// One rename: an object of `kind` called `from` before and `to` after.
struct Rename {
    NamedKind kind = NamedKind::Waypoint;
    std::string from;
    std::string to;
    friend bool operator==(const Rename &, const Rename &) = default;
};

// The renames from `before` to `after`: each object of `before` whose id is gone from `after` and that
// equals, but for its id, exactly one object of `after` whose id `before` lacks (and is the only such
// object for it).
std::vector<Rename> findRenames(const Level &before, const Level &after);

// Renames objects and every reference to them (edge ends and patrol stops for waypoints; junction
// trunks, links and default ways for rails; patrols' agents), all of `renames` (whose old and new ids are apart, as
// findRenames gives them) in one pass over the level.
void applyRenames(Level &level, const std::vector<Rename> &renames);

// "waypoint", "rail", ... as the kind is written in messages.
const char *namedKindName(NamedKind kind);

} // namespace railforge::document
