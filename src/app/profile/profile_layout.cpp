#include "app/profile/profile_layout.h"

#include "core/channel_roles.h"

#include <algorithm>
#include <cmath>

namespace railforge::app {

const ChannelLane *speedLane(const ProfileData &data)
{
    const ChannelLane *lane = findLane(data.channels, std::string(core::roleName(core::ChannelRole::Speed)));
    const bool carries = lane && core::channelRoleOf(lane->name, lane->type) == core::ChannelRole::Speed;
    return carries && lane->values.size() == data.rows.size() ? lane : nullptr;
}

std::vector<core::RiderForces> forcesAlong(const ProfileData &data, const ProfileViewState &state)
{
    std::vector<core::RiderForces> out;
    if (!data.rail) return out;
    out.reserve(data.rows.size());
    const ChannelLane *speed = speedLane(data);
    for (std::size_t i = 0; i < data.rows.size(); ++i) {
        // The channel holds level units a second; the typed speed and the forces are in m/s.
        const double s = data.rows[i].s;
        const double v = state.ride ? document::simulatedSpeedAt(*state.ride, s)
                         : speed    ? std::max(0.0, speed->values[i].number) * state.metresPerUnit
                                    : state.speed;
        out.push_back(core::riderForces(data.rows[i], v, state.metresPerUnit));
    }
    return out;
}

double fittedSScale(double width, double length)
{
    const double lanes = std::max(1.0, width - ProfileLayout::kLeft - ProfileLayout::kRight);
    return lanes / std::max(length, 1e-9);
}

ProfileLayout::ProfileLayout(QSizeF size, const ProfileData &data, const ProfileViewState &state)
{
    const QRectF plot(kLeft, kTop, std::max(1.0, size.width() - kLeft - kRight),
                      std::max(1.0, size.height() - kTop - kBottom));
    if (data.rail) {
        // Channel lanes take a strip each at the bottom (at most 45 % of the room between them); heights
        // get most of the rest, tilt and forces share what is left.
        const double all = std::max(1.0, plot.height() - 2 * kGap);
        const std::size_t n = data.channels.size();
        const double strip = n == 0 ? 0.0 : std::clamp(all * 0.45 / double(n) - kLaneGap, 12.0, 34.0);
        const double room = std::max(1.0, all - double(n) * (strip + kLaneGap));
        const double h = room * 0.46, t = room * 0.2, f = room - h - t;
        heights = QRectF(plot.left(), plot.top(), plot.width(), h);
        tilt = QRectF(plot.left(), heights.bottom() + kGap, plot.width(), t);
        forces = QRectF(plot.left(), tilt.bottom() + kGap, plot.width(), f);
        double top = forces.bottom() + kLaneGap;
        for (std::size_t i = 0; i < n; ++i, top += strip + kLaneGap)
            channels.push_back(QRectF(plot.left(), top, plot.width(), strip));
    } else {
        heights = plot;
    }
    sStart = state.sStart;
    sScale = state.sScale > 0.0 ? state.sScale : fittedSScale(size.width(), data.length);
    if (state.sScale <= 0.0) sStart = 0.0;

    const double zLow = plotLow(data);
    zMid = (zLow + data.zMax) / 2;
    const double zRange = data.zMax - zLow;
    if (state.exaggeration > 0.0) {
        zScale = state.exaggeration * sScale;
    } else {
        // Fit: the heights fill most of the lane; a flat rail gets a metre-scale band.
        zScale = heights.height() * 0.8 / std::max(zRange, 1e-6);
        if (zRange < 1e-6) zScale = heights.height() * 0.8 / 2.0;
    }

    double most = 10.0;
    for (const ProfileMarker &m : data.markers) most = std::max(most, std::abs(m.tilt));
    for (const core::ProfileRow &r : data.rows) most = std::max({most, std::abs(r.tilt), std::abs(r.bank)});
    tiltRange = std::ceil(most * 1.1 / 15.0) * 15.0;

    double low = 0.0, high = 1.0;
    if (data.rail)
        for (const core::RiderForces &f : state.forces) {
            low = std::min({low, f.vertical, f.lateral});
            high = std::max({high, f.vertical, f.lateral});
        }
    gLow = std::floor(std::min(low, -state.limits.lateral) * 2 - 0.5) / 2;
    gHigh = std::ceil(std::max(high, state.limits.lateral) * 2 + 0.5) / 2;
}

double ProfileLayout::yOfValue(const QRectF &lane, const ChannelLane &c, double v)
{
    if (!c.numeric()) return lane.center().y();
    const double inner = lane.height() - 6;
    return lane.bottom() - 3 - (v - c.low) / (c.high - c.low) * inner;
}

double ProfileLayout::valueOfY(const QRectF &lane, const ChannelLane &c, double y)
{
    if (!c.numeric()) return 0.0;
    const double inner = std::max(1.0, lane.height() - 6);
    return c.low + (lane.bottom() - 3 - y) / inner * (c.high - c.low);
}

double ProfileLayout::bottom() const
{
    if (!channels.empty()) return channels.back().bottom();
    return forces.isEmpty() ? heights.bottom() : forces.bottom();
}

} // namespace railforge::app
