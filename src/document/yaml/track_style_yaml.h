// A `track` mapping (a rail's, or the level's default) read and written (docs/design.md "Track meshes"): its section (a built-in's name or
// the level's own outline as a list of [x, y]), size, ties and supports, every error at its place.
#pragma once

#include "document/model/track_style.h"
#include "document/yaml/yaml_node_reader.h"

#include <optional>

namespace railforge::document {

// The style `node` gives; none when it has errors (each reported to `reader`).
std::optional<TrackStyle> readTrackStyle(NodeReader &reader, const YamlNode &node, const std::string &railName);

// The style as the writer puts it under a rail (`    track:` and its lines), "" for none.
std::string trackStyleYaml(const std::optional<TrackStyle> &style);
// The style as one flow mapping, `{section: tube, size: 0.8, ...}` (the level's default track).
std::string trackStyleFlow(const TrackStyle &style);

} // namespace railforge::document
