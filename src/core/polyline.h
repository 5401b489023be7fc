// Polylines (patrol paths): vertex rows with arc length and direction.
#pragma once

#include "core/arc_length.h"
#include "core/vec3.h"

#include <vector>

namespace railforge::core {

// One row per vertex: s = distance along the polyline, tangent = unit direction of the segment
// leaving the vertex (the arriving one at the end; zero-length segments borrow a neighbour's).
// A closed polyline gets its first vertex again at the end, with s = the full length.
std::vector<CurveSample> polylineRows(const std::vector<Vec3> &points, bool closed);

// Total length of the polyline (including the closing segment when closed).
double polylineLength(const std::vector<Vec3> &points, bool closed);

} // namespace railforge::core
