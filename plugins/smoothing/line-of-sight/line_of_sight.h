// Line-of-sight string pulling (seed 004): drop the waypoints an agent can walk straight past.
//
// anchor = 0; from the anchor, j starts at anchor + 1 and advances while the segment
// P_anchor -> P_(j+1) is clear; P_j is kept and becomes the anchor; repeat until the last point.
// The first and last points are always kept. When even P_anchor -> P_(anchor+1) is blocked, P_(anchor+1)
// is kept anyway: original consecutive points are never dropped over a blocked step, because no
// shortcut can be better than the route the path already takes (the strategy smooths, it does not
// re-route). So the output is a subsequence of the input, and each of its segments is clear unless it
// is such an original blocked step.
// Closed input is the open path P0, P1, ..., P(n-1), P0; the result leaves out that final repeat of P0.
// (A loop that encloses no obstacle therefore shrinks towards P0, as a pulled string would.)
// Fewer than 3 points (open or closed) are returned unchanged. Greedy and O(n) clearance queries.
#pragma once

#include "core/vec3.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace railforge::lineofsight {

using core::Vec3;

// "Can the agent move straight from a to b?" (the plugin binds the level's obstacles and the radius).
using ClearFn = std::function<bool(const Vec3 &a, const Vec3 &b)>;

// Indices of the kept points, ascending (closed: within [0, n), the closing repeat of P0 left out).
std::vector<std::size_t> keptIndices(const std::vector<Vec3> &points, bool closed, const ClearFn &isClear);

// The kept points themselves.
std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, const ClearFn &isClear);

} // namespace railforge::lineofsight
