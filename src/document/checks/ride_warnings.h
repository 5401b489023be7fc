// What a rail does to a rider that the level allows but a designer should hear about: on a rail a
// rider rides (one with a speed channel), the rail rolling faster than the roll-rate limit between
// two of its points, and the rider feeling vertical or lateral forces outside the ride limits at the
// channel's speed. For the loader, `validate` and the editor's Problems panel alike.
#pragma once

#include "document/checks/level_problem.h"
#include "document/model/level.h"
#include "document/model/ride_limits.h"

namespace railforge::document {

// How far apart the forces are read along a ridden rail (level units; fewer on a very long rail).
inline constexpr double kRideForceSpacing = 0.25;

// Warnings of each ridden rail's roll rate over `maxRollRate` degrees a metre, one per segment, at
// the segment's start point, and of each stretch where the forces at its speed channel's speed are
// outside `limits` (the worst of each stretch, at most five stretches a rail, then how many more);
// `metresPerUnit` converts the level's lengths.
LevelProblems rideWarnings(const Level &level, double metresPerUnit, double maxRollRate, const RideLimits &limits = {});

} // namespace railforge::document
