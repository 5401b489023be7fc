#include "document/model/ride_simulation.h"

#include "core/channel.h"
#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace railforge::document {
namespace {

// The chain speed (m/s) at each row from the rail's `lift` channel; empty without one.
std::vector<double> chainSpeeds(const Rail &rail, const core::ArcLengthTable &table,
                                const std::vector<core::ProfileRow> &rows, const RideSettings &settings)
{
    const RailChannel *lift = roleChannel(rail.channels, core::ChannelRole::Lift);
    if (!lift || lift->keys.empty()) return {};
    const bool truth = lift->type == core::ChannelType::Bool;
    std::vector<double> s(rows.size());
    std::transform(rows.begin(), rows.end(), s.begin(), [](const core::ProfileRow &r) { return r.s; });
    const auto values = core::channelValuesAt(lift->type, lift->interp, resolvedKeys(*lift, table, rail.points.size()),
                                              s, core::totalLength(table), rail.closed);
    std::vector<double> chain(rows.size(), 0.0);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double v = values[i].number;
        if (!std::isfinite(v) || v <= 0.0) continue;
        chain[i] = truth ? settings.chainSpeed : v * settings.metresPerUnit;
    }
    return chain;
}

// The speed a `brake` event trims to (m/s): "brake" the settings', "brake 4" 4 level units a second;
// nothing for any other event.
std::optional<double> brakeSpeedOf(const std::string &event, const RideSettings &settings)
{
    std::istringstream in(event);
    std::string word;
    if (!(in >> word) || word != core::roleName(core::ChannelRole::Brake)) return std::nullopt;
    double speed = 0.0;
    if (!(in >> speed)) return settings.brakeSpeed;
    std::string rest;
    if (in >> rest || !std::isfinite(speed) || speed < 0.0) return std::nullopt;
    return speed * settings.metresPerUnit;
}

// The brake limit (m/s) at each row: every `brake` event acts at the first row at or after its key.
std::vector<double> brakeLimits(const Rail &rail, const core::ArcLengthTable &table,
                                const std::vector<core::ProfileRow> &rows, const RideSettings &settings)
{
    std::vector<double> brake;
    for (const RailChannel &c : rail.channels) {
        if (c.type != core::ChannelType::Event) continue;
        for (const core::ChannelSample &key : resolvedKeys(c, table, rail.points.size())) {
            const std::optional<double> speed = brakeSpeedOf(key.value.text, settings);
            if (!speed) continue;
            const auto at = std::lower_bound(rows.begin(), rows.end(), key.s - 1e-9,
                                             [](const core::ProfileRow &r, double s) { return r.s < s; });
            if (at == rows.end()) continue;
            if (brake.empty()) brake.assign(rows.size(), core::kNoBrake);
            double &limit = brake[std::size_t(at - rows.begin())];
            limit = std::min(limit, *speed);
        }
    }
    return brake;
}

} // namespace

core::RideActions rideActions(const Rail &rail, const core::ArcLengthTable &table,
                              const std::vector<core::ProfileRow> &rows, const RideSettings &settings)
{
    core::RideActions actions;
    actions.chain = chainSpeeds(rail, table, rows, settings);
    actions.brake = brakeLimits(rail, table, rows, settings);
    return actions;
}

RideSimulation simulateRail(const Rail &rail, const RideSettings &settings)
{
    const auto geometry = geometryOfShape(rail);
    return simulateRail(rail, geometry->table(), geometry->frames(), settings);
}

RideSimulation simulateRail(const Rail &rail, const core::ArcLengthTable &table, const core::FrameTable &frames,
                            const RideSettings &settings)
{
    RideSimulation out;
    // Integrate at a step of at most kRideStepMetres that divides the reported spacing.
    const double metres = settings.metresPerUnit;
    const auto per = std::max<std::size_t>(1, std::size_t(std::ceil(settings.spacing * metres / kRideStepMetres)));
    const std::vector<core::ProfileRow> rows = core::railProfile(table, frames, settings.spacing / double(per));
    const core::RideActions actions = rideActions(rail, table, rows, settings);
    const core::RidePhysics physics{settings.friction, settings.drag, metres};
    const core::RideOutcome ride = core::simulateRide(rows, settings.v0, physics, actions);
    for (std::size_t i = 0; i < ride.states.size(); ++i)
        if (i % per == 0 || i + 1 == rows.size()) out.states.push_back(ride.states[i]);
    out.stalled = ride.stalled;
    out.stallS = ride.stallS;
    if (ride.stalled)
        if (const auto needed = core::speedToFinish(rows, physics, actions))
            out.moreSpeed = std::max(*needed - settings.v0, 0.0);
    return out;
}

double simulatedSpeedAt(const RideSimulation &ride, double s)
{
    const auto &st = ride.states;
    if (st.empty() || (ride.stalled && s >= ride.stallS)) return 0.0;
    const auto after =
        std::lower_bound(st.begin(), st.end(), s, [](const core::RideState &r, double at) { return r.s < at; });
    if (after == st.begin()) return after->v;
    if (after == st.end()) {
        if (!ride.stalled) return st.back().v;
        // Between the last state and the stall the speed falls to 0.
        const double w = (s - st.back().s) / std::max(ride.stallS - st.back().s, 1e-12);
        return st.back().v * (1.0 - std::clamp(w, 0.0, 1.0));
    }
    const auto before = after - 1;
    const double w = (s - before->s) / std::max(after->s - before->s, 1e-12);
    return before->v + (after->v - before->v) * w;
}

std::string stallText(const RideSimulation &ride)
{
    if (!ride.stalled) return {};
    char text[160];
    if (ride.moreSpeed)
        std::snprintf(text, sizeof text, "stalls at s %.2f (needs %.1f m/s more at s 0)", ride.stallS, *ride.moreSpeed);
    else
        std::snprintf(text, sizeof text, "stalls at s %.2f (no start speed up to 1000 m/s gets past it)", ride.stallS);
    return text;
}

std::optional<Rail> withBakedSpeed(const Rail &rail, const RideSimulation &ride, double metresPerUnit)
{
    Rail out = rail;
    const std::string speedName(core::roleName(core::ChannelRole::Speed));
    auto existing = std::find_if(out.channels.begin(), out.channels.end(),
                                 [&](const RailChannel &c) { return c.name == speedName; });
    if (existing == out.channels.end()) {
        out.channels.push_back({speedName, core::ChannelType::Float, core::ChannelInterp::Linear, {}});
        existing = out.channels.end() - 1;
    } else if (!core::channelRoleOf(existing->name, existing->type)) {
        return std::nullopt; // a "speed" channel of another type is the designer's data: not overwritten
    }
    existing->type = core::ChannelType::Float;
    existing->interp = core::ChannelInterp::Linear;
    existing->keys.clear();
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    const std::size_t n = rail.points.size();
    for (std::size_t i = 0; i < n; ++i) {
        const double v = simulatedSpeedAt(ride, pointArcLength(table, n, i)) / metresPerUnit;
        ChannelKey key;
        key.point = i;
        key.value.number = std::round(v * 1000.0) / 1000.0; // mm/s is plenty, and keeps the file short
        existing->keys.push_back(key);
    }
    return out;
}

} // namespace railforge::document
