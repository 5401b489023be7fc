// Reads the level's `junctions` (docs/design.md "Rail networks"), after its rails, every problem at
// its place. Errors: a junction without id or with one taken, `at` naming an unknown rail or neither
// or both of `end` and `s`, an end of a closed rail (it has none), `s` outside the rail, a link to an
// unknown rail or a closed one, a rail linked twice in one junction, a rail end in two places (two
// junctions, or a junction's `at` and a link), a linked end not on the junction point seen from
// above (with the distance), a `default` that is not one of the ways. The warnings about a junction
// that reads well (height and tilt jumps, sharp turns) are rules over the level: junction_warnings.h.
#pragma once

#include "document/checks/junction_warnings.h"
#include "document/model/level.h"
#include "document/yaml/yaml_node_reader.h"

namespace railforge::document {

// The junctions of `node` over `rails` (read already). Junctions with errors are left out; their
// marks (where each id stands) go to `marks`, those of their links to `linkMarks`.
std::vector<Junction> readJunctions(NodeReader &reader, const YamlNode &node, const std::vector<Rail> &rails,
                                    std::vector<YAML::Mark> &marks, std::vector<std::vector<YAML::Mark>> &linkMarks);

} // namespace railforge::document
