// Rail curves: Catmull-Rom (any alpha), linear, or Bezier splines with handles through control
// points, converted exactly to one cubic Bezier per segment, which every other part of the core
// (arc length, nearest point, frames, export) works on.
#pragma once

#include "core/vec3.h"

#include <array>
#include <cstddef>
#include <vector>

namespace railforge::core {

// How the curve passes through its control points.
enum class SplineType { CatmullRom, Linear, Bezier };

// How a Bezier rail's point shapes its two handles (the names designers know from Blender/Unity).
enum class HandleMode {
    Auto,     // computed: the segment equals the Catmull-Rom segment of the rail's alpha
    Mirrored, // in = -out (same length, opposite direction)
    Aligned,  // opposite directions, each its own length
    Free,     // independent
    Corner,   // no handles (both zero): a sharp point
};

// A Bezier rail point's handles, as offsets from the point (as Godot, Unity and Unreal store them).
struct PointHandles {
    HandleMode mode = HandleMode::Auto; // how in and out relate
    Vec3 in;                            // handle of the segment arriving at the point (offset)
    Vec3 out;                           // handle of the segment leaving the point (offset)
    friend bool operator==(const PointHandles &, const PointHandles &) = default;
};

// Spline kind and Catmull-Rom parameterization (alpha 0 uniform, 0.5 centripetal, 1 chordal).
struct SplineSpec {
    SplineType type = SplineType::CatmullRom; // curve family
    double alpha = 0.5;                       // knot exponent, meaningful in [0, 1]; ignored for Linear
};

// The geometry of one rail: the spline through `points`, wrapping around when closed.
struct Curve {
    std::vector<Vec3> points; // control points, passed through in order
    bool closed = false;      // closed rails join the last point back to the first
    SplineSpec spec;          // spline family and alpha
    // Bezier rails only: one entry per point, or empty when every point is Auto. Auto entries
    // ignore their in/out; Mirrored uses in = -out; Corner uses zero handles.
    std::vector<PointHandles> handles = {};
};

// One cubic Bezier segment, p0 and p3 on the curve, p1 and p2 the handles.
struct CubicBezier {
    std::array<Vec3, 4> p; // control points p[0]..p[3]
};

// One export knot: a control point with its incoming and outgoing handles (absolute positions).
struct BezierKnot {
    Vec3 position; // the control point, on the curve
    Vec3 in;       // handle of the segment arriving here (== position at an open rail's start)
    Vec3 out;      // handle of the segment leaving here (== position at an open rail's end)
};

// Number of segments: n-1 for an open rail, n for a closed one, 0 when fewer than 2 points.
std::size_t segmentCount(const Curve &curve);

// Segment i as a cubic Bezier, equal to the spline on that segment for every u in [0, 1].
// Catmull-Rom: Barry-Goldman form with knots t_(i+1) = t_i + |P_(i+1) - P_i|^alpha, converted
// exactly via its non-uniform end tangents; open rails use the phantoms P(-1) = 2P0 - P1 and
// P(n) = 2P(n-1) - P(n-2); closed rails wrap. A zero knot interval (two equal consecutive points,
// alpha > 0) makes its difference quotient (P_j - P_i)/(t_j - t_i) count as 0, which is its limit for
// alpha < 1: a repeated point becomes a corner with zero speed, the segment between equal points
// is that single point, and no NaN can arise. Linear: handles at 1/3 and 2/3 of the chord.
// Bezier: (P_i, P_i + out_i, P_(i+1) + in_(i+1), P_(i+1)), an Auto handle being the one of the
// Catmull-Rom segment above, so an all-Auto Bezier rail is bit for bit the Catmull-Rom rail.
CubicBezier segmentBezier(const Curve &curve, std::size_t segment);

// The handle offsets point `point` really uses, with mode as stored (Auto for every point of a
// Catmull-Rom rail): Auto computed, Mirrored in = -out, Corner zero. On an open rail the first
// point's in and the last point's out belong to no segment and are zero. Linear rails give the
// 1/3-chord handles.
PointHandles effectiveHandles(const Curve &curve, std::size_t point);

// All segments of the curve as cubic Beziers (segmentCount(curve) of them).
std::vector<CubicBezier> toBeziers(const Curve &curve);

// One knot per control point; segment i = (knot[i].position, knot[i].out, knot[i+1].in, knot[i+1].position),
// indices wrapping for closed rails. Engines rebuild the identical curve from these.
std::vector<BezierKnot> toBezierKnots(const Curve &curve);

// Position on the Bezier at u in [0, 1] (de Casteljau, stable for any u).
Vec3 evaluate(const CubicBezier &b, double u);

// First derivative dB/du at u.
Vec3 derivative(const CubicBezier &b, double u);

// Second derivative d2B/du2 at u.
Vec3 secondDerivative(const CubicBezier &b, double u);

// Third derivative (constant for a cubic).
Vec3 thirdDerivative(const CubicBezier &b);

// The part of b over [u0, u1] re-parameterized to [0, 1] (exact reparameterization, de Casteljau).
CubicBezier subBezier(const CubicBezier &b, double u0, double u1);

// Direction of travel at (segment, u), unit length. Where dB/du vanishes (a corner at a repeated
// point, a cusp) it uses the one-sided limit from the higher derivatives, then the neighbouring
// segments' directions; a curve of zero length everywhere gives the zero vector. Never NaN.
Vec3 unitTangent(const std::vector<CubicBezier> &segments, bool closed, std::size_t segment, double u);

} // namespace railforge::core
