// Arc length of a curve: a per-segment Gauss-Legendre table, s <-> (segment, u) in both
// directions, and samples at equal arc-length spacing (what "move at constant speed" needs).
#pragma once

#include "core/spline.h"
#include "core/vec3.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace railforge::core {

// A place on a curve: segment index and local parameter u in [0, 1].
struct CurveParam {
    std::size_t segment = 0; // which Bezier segment
    double u = 0.0;          // local parameter on it
};

// One row of an equal-spacing sampling: the engine export's [s, x, y, z, tx, ty, tz].
struct CurveSample {
    double s = 0.0; // arc length from the curve start
    Vec3 position;  // point on the curve at s
    Vec3 tangent;   // unit direction of travel at s (zero only for a zero-length curve)
};

// A breakpoint of the arc-length table: the integral is known exactly (to ~1e-12 relative) here.
struct ArcBreak {
    double u = 0.0;            // local parameter on `segment`
    double s = 0.0;            // arc length from the curve start
    std::uint32_t segment = 0; // segment the breakpoint starts an interval on (== segment count for the end sentinel)
};

// Cumulative arc-length table of a curve, built once, queried many times.
struct ArcLengthTable {
    std::vector<CubicBezier> segments; // the curve's segments (exact Bezier form)
    bool closed = false;               // whether the curve wraps (for tangents at its ends)
    std::vector<ArcBreak> breaks; // adaptive Gauss-Legendre intervals of all segments in order, then an end sentinel
    std::vector<std::uint32_t> firstBreak; // index of segment i's first break; firstBreak[n] is the sentinel
};

// Refuse samplings beyond this many rows unless the caller asks for more (56 bytes a row).
inline constexpr std::size_t kDefaultMaxSamples = 10'000'000;

// Arc length of b between u0 and u1 by adaptive Gauss-Legendre (8 points, halving until estimates agree to ~1e-12).
double bezierArcLength(const CubicBezier &b, double u0 = 0.0, double u1 = 1.0);

// Build the table for a curve.
ArcLengthTable buildArcLengthTable(const Curve &curve);

// Build the table for already converted segments (closed tells whether the last joins the first).
ArcLengthTable buildArcLengthTable(std::vector<CubicBezier> segments, bool closed);

// Total arc length of the curve (0 for an empty or zero-length curve).
double totalLength(const ArcLengthTable &table);

// Arc length s from the curve start to (segment, u); u is clamped to [0, 1].
double arcLengthAt(const ArcLengthTable &table, CurveParam at);
// The same for a caller that holds a copy of the segment (== table.segments[at.segment]): one
// memory access fewer on hot paths (a nearest-point answer).
double arcLengthAt(const ArcLengthTable &table, CurveParam at, const CubicBezier &segment);

// The place at arc length s (clamped to [0, length]): Newton on the table interval, bisection fallback.
CurveParam locate(const ArcLengthTable &table, double s);

// Position and unit tangent at arc length s.
CurveSample sampleAt(const ArcLengthTable &table, double s);

// Samples every `spacing` along the curve: s = 0, spacing, 2 spacing, ... and finally s = length
// exactly (that last step may be shorter; a remainder under 1e-9 spacing is merged into it).
// Walks the table monotonically: O(rows + segments), in chunks of rows that big samplings share
// among the cores (the rows do not depend on the thread count). A zero-length curve gives one row, an empty
// curve none. Throws std::invalid_argument for a spacing that is not finite and > 0, and
// std::length_error when more than maxSamples rows would be produced.
std::vector<CurveSample> sample(const ArcLengthTable &table, double spacing,
                                std::size_t maxSamples = kDefaultMaxSamples);

// Same, building the table of `curve` first.
std::vector<CurveSample> sample(const Curve &curve, double spacing, std::size_t maxSamples = kDefaultMaxSamples);

} // namespace railforge::core
