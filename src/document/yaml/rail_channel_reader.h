// Reads a rail's `channels` map (docs/design.md "Data along rails"): each channel's type,
// interpolation and keys, every error at its place: an unknown type or interpolation, one the type
// does not allow, a value of the wrong type or outside the input limits, a point out of range, an
// s outside the rail, two keys at one place.
#pragma once

#include "document/model/level.h"
#include "document/yaml/yaml_node_reader.h"

namespace railforge::document {

// The channels of `node` for `rail` (its points, spline and closed flag read already; with fewer
// than two points, arc-length keys are not checked against the length). Errors go to `reader`;
// channels with errors are left out.
std::vector<RailChannel> readRailChannels(NodeReader &reader, const YamlNode &node, const std::string &railName,
                                          const Rail &rail);

} // namespace railforge::document
