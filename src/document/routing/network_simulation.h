// Ride physics across a rail network (docs/design.md "Ride physics"): a coasting rider from a rail's
// start, taking each junction's default way, on until an open end, a stall or a distance; what
// `railforge-cli simulate --follow-junctions` prints.
#pragma once

#include "document/model/level.h"
#include "document/model/ride_simulation.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// One reported place of the ride.
struct NetworkSimulationRow {
    core::RideState state; // state.s: distance travelled along the network (level units)
    std::size_t rail = 0;  // index into level.rails
    double railS = 0.0;    // arc length on that rail from its start, whichever way it is ridden
};

struct NetworkSimulation {
    std::vector<NetworkSimulationRow> rows; // every `spacing` travelled, and at the end reached
    bool stalled = false;
    double stallS = 0.0;             // distance travelled where the rider stops
    std::size_t stallRail = 0;       // on this rail
    double stallRailS = 0.0;         // there
    std::optional<double> moreSpeed; // m/s more at the start that gets through (when stalled)
    bool stopped = false;            // an open end ended the ride
    std::string error;               // why there is no ride (no such rail)
};

// The ride from `rail`'s start under `settings` (v0 at the start; each rail's own `lift` and `brake`
// act where the rider is on it), for at most `distance` level units (a loop never ends by itself).
NetworkSimulation simulateNetwork(const Level &level, const std::string &rail, const RideSettings &settings,
                                  double distance);

} // namespace railforge::document
