// Rider frames along a curve: the unit tangent plus an "up" vector that does not twist on its own
// (a rotation-minimising frame, RMF), turned about the tangent by the designer's tilt.
//
// RMF by double reflection (Wang, Juettler, Zheng, Liu: "Computation of rotation minimizing frames",
// ACM TOG 27(1), 2008): from station (x0, t0, r0) to (x1, t1), reflect r0 and t0 in the plane
// normal to the chord x1 - x0, then reflect in the plane normal to t1 - tL; fourth-order accurate.
// Stations are placed along each segment so that the tangent turns at most ~1 degree between two,
// so the frame at any s is found from the station below it in one more step, independent of the
// spacing a caller samples at.
//
// Start: world up +z made orthogonal to the first tangent (+y when the rail starts vertically).
// Closed curves: the RMF carried once around generally comes back turned by some angle phi about the
// tangent; rotating the frame at s by -phi * s / length spreads that twist evenly, so the frame is
// continuous across the seam.
// Tilt: degrees per control point (positive turns "up" counter-clockwise looking along the travel
// direction, i.e. right-handed about the tangent), interpolated between consecutive points along arc
// length with smoothstep w^2 (3 - 2w), w = (s - s_i) / (s_(i+1) - s_i): C1, equal to each point's tilt
// there, constant between equal tilts, never overshooting. Closed rails interpolate last -> first
// over the closing segment. Tilt is not wrapped to 360 degrees, so 0 -> 720 makes two rolls.
//
// Nothing here gives NaN: zero-length pieces carry the frame across with their neighbours'
// tangents, vertical tangents use the +y fallback only at the start, straight runs keep the frame.
#pragma once

#include "core/arc_length.h"
#include "core/vec3.h"

#include <cstddef>
#include <vector>

namespace railforge::core {

// How a rail's up vector is carried along it before the tilt turns it.
// - MinimalTwist: the RMF above, with a closed curve's seam twist spread (loops, corkscrews).
// - Upright: world up made orthogonal to the tangent, so tilt 0 is level however the rail climbs
//   and turns, as a designer expects. Where the tangent comes within kUprightHandOverDegrees of
//   vertical (world up says nothing there) the frame hands over smoothly to the RMF carried from
//   where it entered that cone, and back on the way out, so it never flips at once.
enum class FrameMode { MinimalTwist, Upright };

// The cone around the vertical (degrees from it) inside which an upright frame is carried as an
// RMF; between it and twice it, the two are blended with a smoothstep.
inline constexpr double kUprightHandOverDegrees = 5.0;

// A point of the RMF: where, which way, and the (untilted, untwisted) reference up there.
struct FrameStation {
    double s = 0.0; // arc length
    Vec3 position;  // point on the curve
    Vec3 tangent;   // unit tangent
    Vec3 up;        // RMF reference vector, unit, orthogonal to tangent
};

// The frames of one curve, built once (O(segments)), queried many times.
struct FrameTable {
    std::vector<FrameStation> stations; // in increasing s; a corner has two stations at one s
    double length = 0.0;                // total arc length
    bool closed = false;                // seam twist is spread only on closed curves
    FrameMode mode = FrameMode::MinimalTwist;
    double seamTwist = 0.0;       // phi (radians): how far the RMF turned around the loop
    std::vector<double> knotS;    // arc length of each control point (closed: first again at length)
    std::vector<double> knotTilt; // tilt (radians) at each knotS entry
};

// World up made orthogonal to a unit tangent: the starting up vector (+y if the tangent is vertical,
// +z for a zero tangent).
Vec3 initialUp(Vec3 tangent);

// One double-reflection step: the RMF vector r0 at (x0, t0) carried to (x1, t1). Where x1 == x0 (a
// corner, a zero-length piece) the chord's limit direction t0 is used, which turns r0 by the minimal
// rotation taking t0 to t1. The result is unit and orthogonal to t1 (t1 unit; zero t1 gives r0).
Vec3 transportUp(Vec3 x0, Vec3 t0, Vec3 r0, Vec3 x1, Vec3 t1);

// Builds the table for a curve's arc-length table; tiltDegrees has one value per control point
// (missing values count as 0; a curve of n points has n - 1 segments open, n closed).
FrameTable buildFrameTable(const ArcLengthTable &table, const std::vector<double> &tiltDegrees = {},
                           FrameMode mode = FrameMode::MinimalTwist);

// The upright reference for a unit tangent: world up made orthogonal to it (initialUp's fallback
// when the tangent is vertical).
Vec3 uprightUp(Vec3 tangent);

// The bank of an up vector (degrees): its roll about the unit tangent away from the upright
// reference, positive counter-clockwise looking along the travel (as tilt).
double bankDegrees(Vec3 tangent, Vec3 up);

// Tilt in radians at arc length s (clamped to the curve).
double tiltAt(const FrameTable &frames, double s);
// Tilts (radians) of many samples sorted by s, in one walk along the knots.
std::vector<double> tiltsAt(const FrameTable &frames, const std::vector<CurveSample> &samples);

// Unit up vector at arc length s, given the curve's position and unit tangent there (as sampleAt or
// sample() give them): RMF, seam twist spread, tilt applied. Orthogonal to the tangent.
Vec3 upAt(const FrameTable &frames, double s, Vec3 position, Vec3 tangent);

// Up vectors of many samples (fastest when sorted by s, as sample() returns them).
std::vector<Vec3> upVectors(const FrameTable &frames, const std::vector<CurveSample> &samples);

// Up vectors along polyline rows (core/polyline.h: tangent = direction leaving each vertex): the
// RMF of a polyline is exact (the minimal rotation at each vertex). `loops`: the last row is the
// first point again, and the seam twist is spread by arc length as on closed curves.
std::vector<Vec3> polylineUps(const std::vector<CurveSample> &rows, bool loops);

} // namespace railforge::core
