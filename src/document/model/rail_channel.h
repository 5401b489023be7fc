// Channels of a rail in the level (docs/design.md "Data along rails"): named, typed values keyed
// at control points (`point: i`, following that point through every edit of the rail) or at arc
// lengths (`s:`, staying at that distance), read between keys as core/channel.h says.
#pragma once

#include "core/arc_length.h"
#include "core/channel.h"
#include "core/channel_roles.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

struct ChannelKey {
    std::optional<std::size_t> point; // keyed at this control point, or
    double s = 0.0;                   // at this arc length (when point is empty)
    core::ChannelValue value;
    friend bool operator==(const ChannelKey &, const ChannelKey &) = default;
};

struct RailChannel {
    std::string name;
    core::ChannelType type = core::ChannelType::Float;
    core::ChannelInterp interp = core::ChannelInterp::Linear;
    std::vector<ChannelKey> keys; // in the file's order
    friend bool operator==(const RailChannel &, const RailChannel &) = default;
};

// "float", "int", "bool", "string", "colour", "event"; and back (nothing for another word).
const char *channelTypeName(core::ChannelType type);
std::optional<core::ChannelType> channelTypeFromName(const std::string &name);
// "step", "linear", "smoothstep"; and back.
const char *channelInterpName(core::ChannelInterp interp);
std::optional<core::ChannelInterp> channelInterpFromName(const std::string &name);
// The interpolation a channel of this type has when the file names none: linear for floats and
// colours, step for the rest.
core::ChannelInterp defaultInterp(core::ChannelType type);

// The rail's channel that carries `role` (core/channel_roles.h: one of its names, one of its types), or
// null. A role found by an event word (brake) is in the keys, not a channel: null.
const RailChannel *roleChannel(const std::vector<RailChannel> &channels, core::ChannelRole role);

// The arc length of control point i on a curve of `pointCount` points (its knot).
double pointArcLength(const core::ArcLengthTable &table, std::size_t pointCount, std::size_t i);

// The channel's keys at their arc lengths (point keys resolved on `table`), sorted by s.
std::vector<core::ChannelSample> resolvedKeys(const RailChannel &channel, const core::ArcLengthTable &table,
                                              std::size_t pointCount);

// A colour as "#RRGGBB" (or "#RRGGBBAA" when not opaque); and back from either form.
std::string colourText(const std::array<double, 4> &rgba);
std::optional<std::array<double, 4>> colourFromText(const std::string &text);

// Keeps point keys on their points when a point is inserted at index i (keys at i and after move
// up one) or erased (a key on the erased point becomes an arc-length key at `erasedS`, where the
// point was; keys after it move down one).
void channelsPointInserted(std::vector<RailChannel> &channels, std::size_t i);
void channelsPointErased(std::vector<RailChannel> &channels, std::size_t i, double erasedS);

} // namespace railforge::document
