#include "document/model/rail_speed.h"

#include "document/model/rail_channel.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {

std::optional<RailSpeed> RailSpeed::of(const Rail &rail, const core::ArcLengthTable &table)
{
    const RailChannel *channel = roleChannel(rail.channels, core::ChannelRole::Speed);
    if (!channel || channel->keys.empty()) return std::nullopt;
    RailSpeed speed;
    speed.m_type = channel->type;
    speed.m_interp = channel->interp;
    speed.m_keys = resolvedKeys(*channel, table, rail.points.size());
    speed.m_length = core::totalLength(table);
    speed.m_closed = rail.closed;
    return speed;
}

double RailSpeed::at(double s, double fallback) const
{
    const double v = core::channelValueAt(m_type, m_interp, m_keys, s, m_length, m_closed).number;
    return std::isfinite(v) ? std::max(0.0, v) : fallback;
}

double RailSpeed::moving(double s, double fallback) const { return std::max(kCrawlSpeed, at(s, fallback)); }

} // namespace railforge::document
