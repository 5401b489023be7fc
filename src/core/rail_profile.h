// A rail as a rider feels it, along its arc length: height, pitch, curvature, tilt and bank, and the
// forces on a rider at a given speed. Definitions (docs/design.md "Ride forces"):
// - pitch: the angle of the unit tangent T above the horizontal, asin(T.z), in degrees;
// - curvature vector K = kappa N = dT/ds (kappa in 1/level unit, N the principal normal), from the
//   segment's exact first and second derivatives: K = (r'' - (r''.T) T) / |r'|^2;
// - specific force f = a - g with a = v^2 kappa N (in m/s^2, kappa per metre) and g = (0, 0, -9.81);
// - the rider's up U is the rail's up vector (frames.h), right R = T x U;
//   vertical_g = f.U / 9.81 and lateral_g = f.R / 9.81 (flat and straight: 1 and 0).
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"

#include <vector>

namespace railforge::core {

inline constexpr double kStandardGravity = 9.81; // m/s^2

// One place along a rail.
struct ProfileRow {
    double s = 0.0;
    Vec3 position;
    Vec3 tangent;           // unit
    Vec3 up;                // unit, orthogonal to the tangent (frames.h)
    Vec3 curvatureVector;   // kappa N, per level unit (zero on straight pieces)
    double pitch = 0.0;     // degrees
    double curvature = 0.0; // |curvatureVector|
    double tilt = 0.0;      // degrees, as interpolated from the points
    double bank = 0.0;      // degrees: the up's roll from the upright reference (frames.h bankDegrees)
};

// The curvature vector at arc length s (per level unit).
Vec3 curvatureVectorAt(const ArcLengthTable &table, double s);

// The rail at equal steps of `spacing` (the same rows sample() gives), with frames and curvature.
std::vector<ProfileRow> railProfile(const ArcLengthTable &table, const FrameTable &frames, double spacing);

// Forces on a rider, in g.
struct RiderForces {
    double vertical = 1.0;
    double lateral = 0.0;
};

// The forces at a row for a speed in m/s; `metresPerUnit` converts the level's lengths.
RiderForces riderForces(const ProfileRow &row, double speed, double metresPerUnit);

// The tilt (degrees) that makes a rider at `speed` feel no lateral force at arc length s: the angle
// about the tangent from the rail's untilted up (`untilted`, a FrameTable built with no tilt) to the
// specific force across the tangent, limited to +-maxBank.
double bankForSpeed(const ArcLengthTable &table, const FrameTable &untilted, double s, double speed,
                    double metresPerUnit, double maxBank);

} // namespace railforge::core
