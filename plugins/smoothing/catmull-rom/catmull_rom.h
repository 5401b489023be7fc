// Catmull-Rom resampling of a polyline (seed 001), any alpha: 0 uniform, 0.5 centripetal, 1 chordal.
//
// Knots t_(i+1) = t_i + |P_(i+1) - P_i|^alpha. Segment P_i -> P_(i+1) (neighbours P_(i-1), P_(i+2)) is
// sampled at t = t_i + (j/N)(t_(i+1) - t_i), j = 0..N-1, N = subdivisions, so sample j = 0 is P_i itself.
//   open:   segments 0..n-2, then P(n-1): (n-1) N + 1 points; the missing neighbours are phantoms,
//           "reflect" P(-1) = 2 P0 - P1 and P(n) = 2 P(n-1) - P(n-2), or "duplicate" P(-1) = P0, P(n) = P(n-1);
//   closed: segments 0..n-1 with indices wrapping, the last one ending back at P0: n N points, starting at
//           P0 and not repeating it at the end (the output is itself a closed polyline).
// Fewer than 2 points are returned unchanged. Points are not deduplicated (the counts above always hold).
// Each segment is evaluated in its exact cubic Hermite form (the Barry-Goldman pyramid's end tangents),
// where a zero knot interval (equal consecutive points, alpha > 0) makes its difference quotient
// (P_k - P_j)/(t_k - t_j) count as 0, its limit for alpha < 1: no NaN ever arises, a segment between
// equal points is that point, a duplicated end point (alpha > 0) starts the curve with zero speed.
#pragma once

#include "core/vec3.h"

#include <cstddef>
#include <vector>

namespace railforge::catmullrom {

using core::Vec3;

// How an open polyline's missing end neighbours are made up.
enum class Endpoints {
    Duplicate, // P(-1) = P0 (the seed's choice)
    Reflect,   // P(-1) = 2 P0 - P1: the curve leaves the end along the first chord
};

// The strategy's parameters, with the plugin's defaults.
struct Options {
    int subdivisions = 8;                     // samples per segment, >= 1 (smaller values count as 1)
    double alpha = 0.5;                       // knot exponent in [0, 1]
    Endpoints endpoints = Endpoints::Reflect; // phantom end points of open polylines
};

// Number of points smooth() returns for n input points (0 and 1 give n).
std::size_t outputSize(std::size_t n, bool closed, int subdivisions);

// The resampled curve. Linear in the output size.
std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, const Options &options);

// The same into `out` (its contents replaced), reusing out's memory: a caller that resamples again and
// again allocates nothing once the buffer is big enough. `out` may be `points`.
void smooth(const std::vector<Vec3> &points, bool closed, const Options &options, std::vector<Vec3> &out);

} // namespace railforge::catmullrom
