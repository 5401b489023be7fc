// The range of numbers a level may hold (docs/design.md "Input limits"). Inside it, no computation RailForge
// does on a level (lengths, squared distances, Catmull-Rom to Bezier conversion, arc-length tables,
// A* costs) can overflow, and every length that matters is many times the spacing of doubles, so
// every number RailForge writes stays finite and meaningful.
#pragma once

#include <cmath>

namespace railforge::document {

// Largest |coordinate| of a position, rail point, polygon point or circle centre, and the largest
// circle radius, in level units (1e9 m is 25 times around the Earth). Squared distances stay below
// 1e19, Bezier handles and phantom points below 1e10, far from overflow; at this magnitude doubles
// are still 1.2e-7 apart.
inline constexpr double kMaxCoordinate = 1e9;
// Int channel values: integers a double (and a JSON reader) holds exactly, within ±2^53.
inline constexpr double kMaxChannelInteger = 9007199254740992.0;

// Two consecutive rail points are either equal (a repeated point, handled as a corner) or at least
// this far apart: about 8 times the spacing of doubles at kMaxCoordinate, so a segment is always a
// segment wherever it lies. Closer points (a rail 1e-300 long) cannot be told from equal ones by the
// arithmetic and are refused.
inline constexpr double kMinRailSegment = 1e-6;

// Largest edge cost: expensive enough to make an edge a last resort, small enough that a path of a
// million such edges sums to 1e21, far from overflow.
inline constexpr double kMaxEdgeCost = 1e15;

// Sample spacing of `sample` and `export`: below kMinRailSegment it means nothing, above
// kMaxCoordinate every rail is one step.
inline constexpr double kMinSpacing = kMinRailSegment;
inline constexpr double kMaxSpacing = kMaxCoordinate;

// Largest |tilt| of a rail point in degrees: 100 full rolls, enough for any corkscrew, and small
// enough that the angle's sine and cosine keep their precision.
inline constexpr double kMaxTiltDegrees = 36000.0;

// Each range as a test, false for NaN: the loader and the edit rules (edit_rules.h) both ask these.
// |value| <= kMaxCoordinate.
inline bool withinCoordinateRange(double value) { return std::abs(value) <= kMaxCoordinate; }
// A circle's radius: (0, kMaxCoordinate].
inline bool withinRadiusRange(double radius) { return radius > 0 && radius <= kMaxCoordinate; }
// An edge's cost: (0, kMaxEdgeCost].
inline bool withinCostRange(double cost) { return cost > 0 && cost <= kMaxEdgeCost; }
// A Catmull-Rom alpha: [0, 1] (0 uniform, 0.5 centripetal, 1 chordal).
inline bool withinAlphaRange(double alpha) { return alpha >= 0 && alpha <= 1; }
// A rail point's tilt in degrees: [-kMaxTiltDegrees, kMaxTiltDegrees].
inline bool withinTiltRange(double degrees) { return std::abs(degrees) <= kMaxTiltDegrees; }
// A sample spacing: [kMinSpacing, kMaxSpacing].
inline bool withinSpacingRange(double spacing) { return spacing >= kMinSpacing && spacing <= kMaxSpacing; }

} // namespace railforge::document
