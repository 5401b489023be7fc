// Reads the level's `junctions` (docs/design.md "Rail networks"), after its rails, every problem at
// its place. Errors: a junction without id or with one taken, `at` naming an unknown rail or neither
// or both of `end` and `s`, an end of a closed rail (it has none), `s` outside the rail, a link to an
// unknown rail or a closed one, a rail linked twice in one junction, a rail end in two places (two
// junctions, or a junction's `at` and a link), a linked end not on the junction point seen from
// above (with the distance), a `default` that is not one of the ways. Warnings: a linked end above
// or below the point (a height jump), a way turning more than 45° from the way in, a jump of the
// rider's up (tilt) of more than 15° onto a way.
#pragma once

#include "document/model/level.h"
#include "document/yaml/yaml_node_reader.h"

namespace railforge::document {

// How far a linked rail end may lie from its junction's point, in level units (in the plan: an
// error beyond it; in height: a warning).
inline constexpr double kJunctionTolerance = 1e-3;
// Beyond these the loader warns: the angle between the way in and a way out, and the jump of up.
inline constexpr double kJunctionTurnWarning = 45.0; // degrees
inline constexpr double kJunctionTiltWarning = 15.0; // degrees

// The junctions of `node` over `rails` (read already). Junctions with errors are left out; their
// marks (where each id stands) go to `marks`.
std::vector<Junction> readJunctions(NodeReader &reader, const YamlNode &node, const std::vector<Rail> &rails,
                                    std::vector<YAML::Mark> &marks);

} // namespace railforge::document
