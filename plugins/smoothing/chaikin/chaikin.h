// Chaikin corner cutting with an angle limit and outlier rejection (seed 000, done in linear time).
//
// One iteration, open polyline P0..P(n-1) (docs/design.md "Smoothing strategies"):
//   0. consecutive duplicate points are removed; with fewer than 3 points left the polyline is final;
//   1. if rejectOutliers: kept = [P0]; for i in 1..n-2 drop P_i when the turn between P_i - last(kept)
//      and P_(i+1) - P_i is >= outlierAngle; P(n-1) is kept;
//   2. out = [P0]; every interior P_i whose turn (P_i - P_(i-1) to P_(i+1) - P_i) is >= angleLimit becomes
//      P_i + ratio (P_(i-1) - P_i), P_i + ratio (P_(i+1) - P_i); the others stay; then P(n-1).
// Closed polylines wrap around: step 0 also drops trailing points equal to P0, step 2 cuts every corner
// including P0 (no fixed ends). Step 1 needs a trusted start: P0 is always kept, P1..P(n-1) are tested
// with P0 following P(n-1), and a point is only dropped while at least 3 points remain.
// The turn angle is atan2(|a x b|, a . b) in degrees (see turnDegrees).
#pragma once

#include "core/vec3.h"

#include <cstddef>
#include <limits>
#include <vector>

namespace railforge::chaikin {

using core::Vec3;

// The strategy's parameters, with the plugin's defaults.
struct Options {
    int iterations = 3;          // passes; 0 (or less) returns the input untouched
    double ratio = 0.25;         // cut position along each edge next to a corner, in (0, 0.5]
    double angleLimit = 30.0;    // degrees; corners turning less stay as they are (0: classic Chaikin)
    bool rejectOutliers = false; // drop points that turn sharply before cutting (noisy recordings)
    double outlierAngle = 90.0;  // degrees; a turn this sharp marks an outlier
    // Growth guard: when the result (closed: any iteration's result) would exceed this many points,
    // std::length_error is thrown instead of exhausting memory (each iteration can double the count).
    std::size_t maxPoints = std::numeric_limits<std::size_t>::max();
};

// Turn angle in degrees between consecutive directions a and b: atan2(|a x b|, a . b), in [0, 180];
// 0 when either is zero. This exact expression is the reference every decision agrees with.
double turnDegrees(Vec3 a, Vec3 b);

// Runs options.iterations iterations. O(output) time and memory. Open polylines stream through all
// iterations a chunk at a time, so only the result is stored in full; closed ones go iteration by
// iteration through two reused buffers, stopping early once an iteration changes nothing.
std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, const Options &options);

// The same into `out` (its contents replaced), reusing out's memory: a caller that smooths again and
// again (an engine re-planning every frame) allocates nothing once the buffer is big enough. Fresh
// memory costs a page fault per page to fill, as much as the smoothing itself on large paths.
// `out` may be `points`. On an exception, out's contents are unspecified.
void smooth(const std::vector<Vec3> &points, bool closed, const Options &options, std::vector<Vec3> &out);

} // namespace railforge::chaikin
