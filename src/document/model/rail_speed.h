// A rail's speed as every rider reads it (docs/design.md "Data along rails"): its `speed` channel,
// resolved once over the rail's arc-length table. Bank…, ▶ Play, the 3D ride and `railforge-cli
// ride` all read it here, so a key of 0 or a bad number means the same to each of them.
#pragma once

#include "core/arc_length.h"
#include "core/channel.h"
#include "document/model/level.h"

#include <optional>
#include <vector>

namespace railforge::document {

// The slowest a moving rider goes on a speed channel (level units per second): a key of 0 slows
// it to a crawl, never to a stop it could not leave.
inline constexpr double kCrawlSpeed = 0.1;

class RailSpeed {
public:
    // The speed of `rail` (whose arc-length table is `table`), or nothing when it has no numeric
    // `speed` channel.
    static std::optional<RailSpeed> of(const Rail &rail, const core::ArcLengthTable &table);

    // The channel's speed at arc length s, never below 0; `fallback` where it is not a finite number.
    double at(double s, double fallback) const;
    // The speed a moving rider takes at s: at(s), never below kCrawlSpeed.
    double moving(double s, double fallback) const;

private:
    core::ChannelType m_type = core::ChannelType::Float;
    core::ChannelInterp m_interp = core::ChannelInterp::Linear;
    std::vector<core::ChannelSample> m_keys;
    double m_length = 0.0;
    bool m_closed = false;
};

} // namespace railforge::document
