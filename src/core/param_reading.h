// Reading a curve and its frames at places named by the curve's own parameter (segment, u) rather
// than by arc length: no Newton solve, one quadrature for the arc length, so a caller that picks its
// own places (a sweep's halving, core/track_sweep.h) reads each about three times faster than
// sampleAt. Reads close together share their searches through hints.
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"

#include <cstddef>
#include <limits>

namespace railforge::core {

// Position, unit tangent and arc length at (segment, u): what sampleAt gives at that arc length.
CurveSample sampleAtParam(const ArcLengthTable &table, CurveParam at);

// Where the previous up read stopped in a frame table's stations and knots (past the end: unknown).
struct UpHints {
    std::size_t station = std::numeric_limits<std::size_t>::max(); // last station at or before its s
    std::size_t knot = std::numeric_limits<std::size_t>::max();    // last knot at or before its s
};

// upAt, starting its searches from `hints` and leaving them where this read ended: the same answer,
// found in O(1) when reads go up the rail in small steps.
Vec3 upAt(const FrameTable &frames, double s, Vec3 position, Vec3 tangent, UpHints &hints);

} // namespace railforge::core
