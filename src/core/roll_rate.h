// How fast a rail rolls: tilts are eased between knots by smoothstep in arc length (frames.h), which
// turns fastest at a segment's middle, 1.5 times the segment's average rate. A roll-rate limit in
// degrees a metre therefore bounds the tilt change a segment may hold, and banking (document
// rail_banking.h) keeps its tilts within those bounds as near as it can to the bank it wants.
#pragma once

#include <cstddef>
#include <vector>

namespace railforge::core {

// The largest tilt change (degrees) a segment `metres` long may hold under `degreesPerMetre`.
double maxTiltStep(double metres, double degreesPerMetre);

// The fastest roll (degrees a metre) of a segment whose tilt changes by `degrees` over `metres`.
double peakRollRate(double degrees, double metres);

// The values nearest `wanted` (the largest difference as small as can be) whose neighbours differ by at
// most steps[i] between i and i + 1 (closed: steps[n - 1] between the last and the first); where
// `fixed` is true (empty: none) a value stays as wanted. It is the midpoint of the highest and the
// lowest sequence within the steps that lie under and over `wanted` (each as near as can be), then
// held between the bounds the fixed values set.
std::vector<double> withinSteps(const std::vector<double> &wanted, const std::vector<double> &steps, bool closed,
                                const std::vector<bool> &fixed = {});

} // namespace railforge::core
