// What the profile's channel lanes draw for a rail (docs/ui.md "Channel lanes"): one lane per
// channel, its keys at their arc lengths (point keys resolved) and its value at every profile row.
#pragma once

#include "core/arc_length.h"
#include "core/channel_types.h"
#include "core/rail_profile.h"
#include "document/model/level.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::app {

// A key as the lane shows it.
struct LaneKey {
    std::size_t index = 0;            // its index in the channel's keys (the file's order)
    std::optional<std::size_t> point; // the control point it follows, if any
    double s = 0.0;                   // where it sits
    core::ChannelValue value;
};

struct ChannelLane {
    std::string name;
    core::ChannelType type = core::ChannelType::Float;
    core::ChannelInterp interp = core::ChannelInterp::Linear;
    std::vector<LaneKey> keys;              // sorted by s
    std::vector<core::ChannelValue> values; // at each profile row (empty for events)
    double low = 0.0, high = 1.0;           // the lane's value range (numbers; bool 0..1)

    // How its values are held (the type's description).
    core::ChannelForm form() const { return core::channelTypeInfo(type).form; }
    // Whether its keys are events (a name each, no value between them).
    bool events() const { return core::channelTypeInfo(type).keysAreEvents; }
    // Whether values are numbers drawn as a line with a range (float, int).
    bool number() const { return core::holdsNumber(type); }
    // Whether values have a height in the lane (numbers, and truth as 0 / 1) rather than a place only.
    bool numeric() const { return number() || form() == core::ChannelForm::Truth; }
};

// The lanes of every channel of `rail`, read at `rows`.
std::vector<ChannelLane> channelLanes(const document::Rail &rail, const core::ArcLengthTable &table,
                                      const std::vector<core::ProfileRow> &rows);

// The lane called `name`, or null.
const ChannelLane *findLane(const std::vector<ChannelLane> &lanes, const std::string &name);

} // namespace railforge::app
