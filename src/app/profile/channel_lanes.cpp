#include "app/profile/channel_lanes.h"

#include "document/model/rail_channel.h"

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {

// A range with a little room above and below the keys, never empty (one value gets a band of 1).
void setRange(ChannelLane &lane)
{
    if (lane.form() == core::ChannelForm::Truth) {
        lane.low = 0.0, lane.high = 1.0;
        return;
    }
    if (!lane.numeric() || lane.keys.empty()) return;
    double low = lane.keys.front().value.number, high = low;
    for (const LaneKey &k : lane.keys) low = std::min(low, k.value.number), high = std::max(high, k.value.number);
    const double pad = high > low ? (high - low) * 0.12 : std::max(1.0, std::abs(high) * 0.1);
    lane.low = low - pad;
    lane.high = high + pad;
}

} // namespace

std::vector<ChannelLane> channelLanes(const document::Rail &rail, const core::ArcLengthTable &table,
                                      const std::vector<core::ProfileRow> &rows)
{
    std::vector<ChannelLane> out;
    const double length = core::totalLength(table);
    std::vector<double> s;
    s.reserve(rows.size());
    for (const core::ProfileRow &r : rows) s.push_back(r.s);
    for (const document::RailChannel &channel : rail.channels) {
        ChannelLane lane;
        lane.name = channel.name;
        lane.type = channel.type;
        lane.interp = channel.interp;
        for (std::size_t i = 0; i < channel.keys.size(); ++i) {
            const document::ChannelKey &k = channel.keys[i];
            const double at = k.point ? document::pointArcLength(table, rail.points.size(), *k.point) : k.s;
            lane.keys.push_back({i, k.point, at, k.value});
        }
        std::stable_sort(lane.keys.begin(), lane.keys.end(),
                         [](const LaneKey &a, const LaneKey &b) { return a.s < b.s; });
        if (!lane.events() && !lane.keys.empty() && length > 0.0) {
            std::vector<core::ChannelSample> samples;
            for (const LaneKey &k : lane.keys) samples.push_back({k.s, k.value});
            lane.values = core::channelValuesAt(channel.type, channel.interp, samples, s, length, rail.closed);
        }
        setRange(lane);
        out.push_back(std::move(lane));
    }
    return out;
}

const ChannelLane *findLane(const std::vector<ChannelLane> &lanes, const std::string &name)
{
    for (const ChannelLane &l : lanes)
        if (l.name == name) return &l;
    return nullptr;
}

} // namespace railforge::app
