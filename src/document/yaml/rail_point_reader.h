// Reads a rail's `points` list: each item [x, y, z] or {at, in, out, mode, tilt}, checking that the
// handles agree with their mode and belong to a Bezier rail (docs/design.md "Domain model").
#pragma once

#include "document/model/level.h"
#include "document/yaml/yaml_node_reader.h"

#include <yaml-cpp/mark.h>

#include <vector>

namespace railforge::document {

// Reads the items of `points` into rail.points / rail.handles / rail.tilts (rail.spline must be set
// already). Appends the place of every point read to `marks`; returns true when all were read.
bool readRailPoints(NodeReader &reader, const YamlNode &points, const std::string &railName, Rail &rail,
                    std::vector<YAML::Mark> &marks);

} // namespace railforge::document
