// A rail's ride simulated from its shape and its data (docs/design.md "Ride physics"): what the
// profile's forces lane, `railforge-cli simulate` and Bake speed read.
//
// What acts on the rider, from the rail's channels:
// - a channel `lift`: bool, a chain at the settings' chain speed where it is true; float or int, a
//   chain at its value (level units a second, as `speed`) where that is above 0;
// - an event named `brake` (in any event channel) trims the speed there to the settings' brake speed;
//   `brake 4` trims it to 4 (level units a second).
#pragma once

#include "core/ride_physics.h"
#include "document/model/level.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

struct RideSettings {
    double v0 = 0.0;         // speed at the rail's start, m/s
    double friction = 0.0;   // rolling friction coefficient
    double drag = 0.0;       // air drag, per metre
    double spacing = 1.0;    // level units between the reported states
    double chainSpeed = 3.0; // m/s, for a bool `lift` channel
    double brakeSpeed = 5.0; // m/s, for a `brake` event that names no speed
    double metresPerUnit = 1.0;
};

struct RideSimulation {
    std::vector<core::RideState> states; // every `spacing` from the start (and at the end reached)
    bool stalled = false;
    double stallS = 0.0;             // where the rider stops (level units), when stalled
    std::optional<double> moreSpeed; // m/s more at the start that reaches the end (when stalled)
};

// The largest step the simulation integrates over (metres), whatever the reported spacing: bends
// tighter than the step would otherwise rub less than they should.
inline constexpr double kRideStepMetres = 0.05;

// What the rail's `lift` channel and `brake` events do at each of `rows` (rows of the rail itself).
core::RideActions rideActions(const Rail &rail, const core::ArcLengthTable &table,
                              const std::vector<core::ProfileRow> &rows, const RideSettings &settings);

// The ride along `rail` (at least two points) under `settings`.
RideSimulation simulateRail(const Rail &rail, const RideSettings &settings);
// The same over the rail's arc-length table and frames already built (the document's RailGeometry).
RideSimulation simulateRail(const Rail &rail, const core::ArcLengthTable &table, const core::FrameTable &frames,
                            const RideSettings &settings);

// The simulated speed (m/s) at arc length s: linear between the reported states, falling to 0 at a
// stall and 0 past it.
double simulatedSpeedAt(const RideSimulation &ride, double s);

// "stalls at s 29.35 (needs 3.1 m/s more at s 0)", or "" when the ride reaches the end.
std::string stallText(const RideSimulation &ride);

// `rail` with its `speed` channel (made when missing, replaced when numeric) keyed at every control
// point with the simulated speed there (level units a second), linear between; points past a stall
// get 0. Nothing when the rail has a `speed` channel of another type.
std::optional<Rail> withBakedSpeed(const Rail &rail, const RideSimulation &ride, double metresPerUnit);

} // namespace railforge::document
