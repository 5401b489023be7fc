#include "document/routing/network_simulation.h"

#include "core/rail_profile.h"
#include "document/model/junction_network.h"
#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

// What a rail's channels make of the ride at a place on it: its chain speed, as simulateRail reads
// them, taken from a one-rail simulation's actions at the rows nearest.
struct RailActions {
    double step = 0.0;          // between the rows below
    std::vector<double> chain;  // m/s at s = k step (empty: no lift)
    std::vector<double> brakeS; // where its brake events are
    std::vector<double> brakeV; // and the speed each trims to (m/s)
};

RailActions railActions(const Rail &rail, const core::ArcLengthTable &table, const core::FrameTable &frames,
                        const RideSettings &settings, double step)
{
    RailActions out;
    out.step = step;
    const std::vector<core::ProfileRow> rows = core::railProfile(table, frames, step);
    const core::RideActions actions = rideActions(rail, table, rows, settings);
    out.chain = actions.chain;
    for (std::size_t i = 0; i < actions.brake.size(); ++i)
        if (actions.brake[i] < core::kNoBrake) {
            out.brakeS.push_back(rows[i].s);
            out.brakeV.push_back(actions.brake[i]);
        }
    return out;
}

} // namespace

NetworkSimulation simulateNetwork(const Level &level, const std::string &railId, const RideSettings &settings,
                                  double distance)
{
    NetworkSimulation out;
    const int start = findRail(level, railId);
    if (start < 0) {
        out.error = "no rail '" + railId + "'";
        return out;
    }
    const LevelNetwork net = buildLevelNetwork(level);
    const double metres = settings.metresPerUnit;
    const auto per = std::max<std::size_t>(1, std::size_t(std::ceil(settings.spacing * metres / kRideStepMetres)));
    const double step = settings.spacing / double(per);
    std::vector<std::optional<RailActions>> actions(level.rails.size());
    auto actionsOf = [&](std::size_t r) -> const RailActions & {
        if (!actions[r]) actions[r] = railActions(level.rails[r], net.tables[r], net.frames[r], settings, step);
        return *actions[r];
    };
    // The path, a row every step: where the rider is and what the rail there does to it.
    std::vector<core::ProfileRow> rows;
    std::vector<std::pair<std::size_t, double>> places;
    core::RideActions acting;
    core::NetworkRider rider{std::size_t(start), 0.0, true};
    const core::NetworkChooser defaultWay = [&](std::size_t j) { return net.junctions[j].defaultWay; };
    auto addRow = [&](double travelled, double brakeTo) {
        const NetworkPose pose = networkPose(net, rider.rail, rider.s, rider.forward);
        core::ProfileRow row;
        row.s = travelled;
        row.position = pose.position;
        row.tangent = pose.tangent;
        row.up = pose.up;
        row.curvatureVector = core::curvatureVectorAt(net.tables[rider.rail], rider.s);
        rows.push_back(row);
        places.emplace_back(rider.rail, rider.s);
        const RailActions &a = actionsOf(rider.rail);
        const std::size_t k = std::size_t(std::llround(rider.s / a.step));
        acting.chain.push_back(a.chain.empty() ? 0.0 : a.chain[std::min(k, a.chain.size() - 1)]);
        acting.brake.push_back(brakeTo);
    };
    addRow(0.0, core::kNoBrake);
    double travelled = 0.0;
    // Whole steps are counted, so the reported distances are multiples of the step, not sums of them.
    std::size_t steps = 0;
    while (travelled < distance - 1e-9) {
        const core::NetworkRider before = rider;
        const core::NetworkStep moved =
            core::networkAdvance(net.rails, net.junctions, rider, std::min(step, distance - travelled), defaultWay);
        if (moved.travelled <= 0.0) {
            out.stopped = moved.stopped;
            break;
        }
        rider = moved.rider;
        const bool whole = moved.travelled >= step * (1 - 1e-12);
        travelled = whole ? std::min(double(++steps) * step, distance) : travelled + moved.travelled;
        // A brake acts at the first row at or past it on the rail it is on.
        double brakeTo = core::kNoBrake;
        if (rider.rail == before.rail) {
            const RailActions &a = actionsOf(rider.rail);
            const double lo = std::min(before.s, rider.s), hi = std::max(before.s, rider.s);
            for (std::size_t b = 0; b < a.brakeS.size(); ++b)
                if (a.brakeS[b] > lo + 1e-9 && a.brakeS[b] <= hi + 1e-9) brakeTo = std::min(brakeTo, a.brakeV[b]);
        }
        addRow(travelled, brakeTo);
        if (moved.stopped || moved.capped) {
            out.stopped = true;
            break;
        }
    }
    if (std::all_of(acting.chain.begin(), acting.chain.end(), [](double c) { return c == 0.0; })) acting.chain.clear();
    if (std::all_of(acting.brake.begin(), acting.brake.end(), [](double b) { return b == core::kNoBrake; }))
        acting.brake.clear();
    const core::RidePhysics physics{settings.friction, settings.drag, metres};
    const core::RideOutcome ride = core::simulateRide(rows, settings.v0, physics, acting);
    for (std::size_t i = 0; i < ride.states.size(); ++i)
        if (i % per == 0 || i + 1 == rows.size())
            out.rows.push_back({ride.states[i], places[i].first, places[i].second});
    out.stalled = ride.stalled;
    out.stallS = ride.stallS;
    if (ride.stalled) {
        // Where on which rail: the row before the stall and the distance on from it.
        std::size_t i = std::min(ride.states.size(), rows.size() - 1);
        i = i > 0 ? i - 1 : 0;
        out.stallRail = places[i].first;
        const bool forward = i + 1 < places.size() && places[i + 1].first == places[i].first
                                 ? places[i + 1].second >= places[i].second
                                 : true;
        out.stallRailS = places[i].second + (forward ? 1.0 : -1.0) * (ride.stallS - rows[i].s);
        if (const auto needed = core::speedToFinish(rows, physics, acting))
            out.moreSpeed = std::max(*needed - settings.v0, 0.0);
    }
    return out;
}

} // namespace railforge::document
