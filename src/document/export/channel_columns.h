// A rail's channels as CSV columns beside its sampled rows (`railforge-cli sample --channels`): one
// column per channel, named by it, holding the channel's value at each row's s; colours as
// "#RRGGBBAA", booleans true/false. An event shows on the first row at or after its s (several on
// one row joined by '|'), so a game stepping through the rows meets each event once.
#pragma once

#include "core/arc_length.h"
#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

struct ChannelColumns {
    std::vector<std::string> names;              // one per channel
    std::vector<std::vector<std::string>> cells; // cells[row][channel], CSV text
};

ChannelColumns channelColumns(const Rail &rail, const core::ArcLengthTable &table,
                              const std::vector<core::CurveSample> &rows);

} // namespace railforge::document
