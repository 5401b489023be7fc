// Ride physics along a rail (docs/design.md "Ride physics"): the speed a rider that coasts from v0
// has at each place, from the work done on it per unit mass along the arc length s (metres):
//
//   d(v^2/2)/ds = -g dz/ds - mu |n| - k v^2
//
// - gravity: g = 9.81 m/s^2 (kStandardGravity); its work over a step is exactly -g dz;
// - rolling friction mu on the normal force per unit mass n = v^2 K + g (z - T T.z), the force the
//   rail gives the rider across its tangent T (K the curvature vector per metre): g cos(pitch) on a
//   straight ramp, more in a valley, less over a crest;
// - air drag k (per metre): on its own v = v0 e^(-k s).
//
// A chain (a lift) holds the rider at least at its speed; a brake trims the speed down to its own.
// Where the speed reaches 0 before the end and the rail does not pull the rider on, it stalls.
#pragma once

#include "core/rail_profile.h"

#include <limits>
#include <optional>
#include <vector>

namespace railforge::core {

// What slows the rider, and the level's scale.
struct RidePhysics {
    double friction = 0.0;      // rolling friction coefficient mu (on the normal force)
    double drag = 0.0;          // air drag k, per metre
    double metresPerUnit = 1.0; // the level's units in metres
};

// What acts on the rider at each row of the profile (one entry per row, or empty for none).
struct RideActions {
    std::vector<double> chain; // a lift's chain speed there in m/s (0: no chain)
    std::vector<double> brake; // a brake trims the speed there to at most this (m/s; infinity: none)
};

// The rider at one row.
struct RideState {
    double s = 0.0;         // arc length, level units
    double t = 0.0;         // seconds since the start
    double v = 0.0;         // m/s
    double verticalG = 1.0; // forces at that speed (rail_profile.h)
    double lateralG = 0.0;
};

struct RideOutcome {
    std::vector<RideState> states; // one per row reached (the stall's row excluded)
    bool stalled = false;
    double stallS = 0.0; // where the speed reached 0, level units (when stalled)
    double stallT = 0.0; // and when
};

// The ride along `rows` (railProfile's, increasing s) from speed v0 (m/s) at the first row.
RideOutcome simulateRide(const std::vector<ProfileRow> &rows, double v0, const RidePhysics &physics,
                         const RideActions &actions = {});

// The least starting speed (m/s, to 0.001) with which the rider reaches the last row, or nothing
// when no speed up to `most` does (a brake before a climb it cannot make).
std::optional<double> speedToFinish(const std::vector<ProfileRow> &rows, const RidePhysics &physics,
                                    const RideActions &actions = {}, double most = 1000.0);

inline constexpr double kNoBrake = std::numeric_limits<double>::infinity();

} // namespace railforge::core
