// Values as merge conflicts and diffs tell them to people: shortest numbers, points as (x, y, z).
#pragma once

#include "core/vec3.h"
#include "document/model/level.h"
#include "document/model/rail_channel.h"

#include <string>

namespace railforge::document {

// "(1, 2.5, 0)".
std::string pointText(const core::Vec3 &p);
// A property's value as YAML would spell it ("3", "true", "'text'", "#ff0000").
std::string propertyValueText(const PropertyValue &value);
// "'main'" (an id in quotes).
std::string quotedId(const std::string &id);
// A channel key's value as its type spells it: "18", "'whistle'", "#ff0000".
std::string keyValueText(core::ChannelType type, const core::ChannelValue &value);
// Where a channel key stands: "point 4", "s 80.5".
std::string channelKeyPlaceText(const ChannelKey &key);

} // namespace railforge::document
