// Ramer-Douglas-Peucker simplification for dense recorded paths (CSV imports).
//
// Open: the two ends are kept; within a kept pair (a, b) the point farthest from the SEGMENT ab (3D
// distance to the closest point of the segment, not of its infinite line, so a path that doubles back
// past its ends keeps its turning point) is kept when that distance is > epsilon, and both halves are
// processed the same way. Ties keep the first such point. Iterative with an explicit stack, so a
// million points cannot overflow the call stack; O(n log n) typical, O(n^2) worst case like any RDP.
// Closed: the loop is split at the point farthest from P0 (the first one on ties) into P0..Pk and
// Pk..P(n-1),P0, each simplified as open; P0 and Pk are kept, the closing repeat of P0 is left out.
// A closed loop whose points all equal P0 becomes [P0].
// Fewer than 3 points (open or closed) are returned unchanged. Negative or NaN epsilon counts as 0.
#pragma once

#include "core/vec3.h"

#include <cstddef>
#include <vector>

namespace railforge::simplify {

using core::Vec3;

// Indices of the kept points, ascending.
std::vector<std::size_t> keptIndices(const std::vector<Vec3> &points, bool closed, double epsilon);

// The kept points themselves.
std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, double epsilon);

} // namespace railforge::simplify
