#include "core/spline.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {

namespace {

// Knot interval |b - a|^alpha of the Catmull-Rom parameterization (alpha 0 gives 1 even for a == b).
double knotInterval(Vec3 a, Vec3 b, double alpha)
{
    if (alpha == 0.0) return 1.0;
    const double d = distance(a, b);
    if (alpha == 1.0) return d;
    if (alpha == 0.5) return std::sqrt(d);
    return std::pow(d, alpha);
}

// Difference quotient v / dt, taken as 0 over a zero interval (v is then 0 too: equal points).
Vec3 quotient(Vec3 v, double dt) { return dt > 0.0 ? v / dt : Vec3{}; }

// Catmull-Rom segment P1 -> P2 with neighbours P0, P3, as its exact Bezier form.
CubicBezier catmullRomBezier(Vec3 p0, Vec3 p1, Vec3 p2, Vec3 p3, double alpha)
{
    const double d01 = knotInterval(p0, p1, alpha);
    const double d12 = knotInterval(p1, p2, alpha);
    const double d23 = knotInterval(p2, p3, alpha);
    // Barry-Goldman end tangents dC/dt at t1 and t2 (non-uniform Catmull-Rom).
    const Vec3 m1 = quotient(p1 - p0, d01) - quotient(p2 - p0, d01 + d12) + quotient(p2 - p1, d12);
    const Vec3 m2 = quotient(p2 - p1, d12) - quotient(p3 - p1, d12 + d23) + quotient(p3 - p2, d23);
    // Hermite over [t1, t2] rescaled to u in [0, 1]: handles are tangent * (t2 - t1) / 3.
    const double h = d12 / 3.0;
    return CubicBezier{{p1, p1 + m1 * h, p2 - m2 * h, p2}};
}

// a + t (b - a), exact at both t = 0 (gives a) and t = 1 (gives b), so split pieces share end points.
Vec3 exactLerp(Vec3 a, Vec3 b, double t) { return t <= 0.5 ? a + (b - a) * t : b - (b - a) * (1.0 - t); }

// Normalized v, or false when v is zero relative to `scale` (no usable direction). Works at any
// magnitude: a segment 1e-300 long has a direction too.
bool normalizedIfNonZero(Vec3 v, double scale, Vec3 &out)
{
    if (!(maxAbsComponent(v) > 1e-12 * scale)) return false;
    out = unitOrZero(v);
    return out != Vec3{};
}

// Size of the control polygon (largest coordinate difference between consecutive control points), 0 for a point.
double hullScale(const CubicBezier &b)
{
    double scale = 0.0;
    for (int k = 0; k < 3; ++k) {
        const Vec3 d = b.p[k + 1] - b.p[k];
        scale = std::max({scale, std::abs(d.x), std::abs(d.y), std::abs(d.z)});
    }
    return scale;
}

// One-sided direction of travel on one segment: outgoing for u < 1, incoming at u = 1.
bool segmentDirection(const CubicBezier &b, double u, Vec3 &out)
{
    const double scale = hullScale(b);
    if (!(scale > 0.0)) return false;
    if (normalizedIfNonZero(derivative(b, u), scale, out)) return true;
    // dB/du = 0: near u, B'(u + e) ~ e B''(u) + e^2/2 B''', so the travel direction is +-B'' or B'''.
    const double side = u >= 1.0 ? -1.0 : 1.0;
    if (normalizedIfNonZero(secondDerivative(b, u) * side, scale, out)) return true;
    return normalizedIfNonZero(thirdDerivative(b), scale, out);
}

// A stored handle pair's offsets as the curve uses them (mode other than Auto).
Vec3 outOffset(const PointHandles &h) { return h.mode == HandleMode::Corner ? Vec3{} : h.out; }
Vec3 inOffset(const PointHandles &h)
{
    if (h.mode == HandleMode::Corner) return Vec3{};
    return h.mode == HandleMode::Mirrored ? -h.out : h.in;
}

} // namespace

std::size_t segmentCount(const Curve &curve)
{
    const std::size_t n = curve.points.size();
    if (n < 2) return 0;
    return curve.closed ? n : n - 1;
}

CubicBezier segmentBezier(const Curve &curve, std::size_t segment)
{
    const std::vector<Vec3> &pts = curve.points;
    const std::size_t n = pts.size();
    const std::size_t i = segment % n;
    const std::size_t j = (segment + 1) % n;
    const Vec3 p1 = pts[i];
    const Vec3 p2 = pts[j];
    if (curve.spec.type == SplineType::Linear)
        return CubicBezier{{p1, lerp(p1, p2, 1.0 / 3.0), lerp(p1, p2, 2.0 / 3.0), p2}};
    const PointHandles *from = nullptr;
    const PointHandles *to = nullptr;
    if (curve.spec.type == SplineType::Bezier && curve.handles.size() == n) {
        from = &curve.handles[i];
        to = &curve.handles[j];
        // Neither end automatic: no Catmull-Rom segment is needed.
        if (from->mode != HandleMode::Auto && to->mode != HandleMode::Auto)
            return CubicBezier{{p1, p1 + outOffset(*from), p2 + inOffset(*to), p2}};
    }
    Vec3 p0;
    Vec3 p3;
    if (curve.closed) {
        p0 = pts[(segment + n - 1) % n];
        p3 = pts[(segment + 2) % n];
    } else {
        p0 = segment > 0 ? pts[segment - 1] : 2.0 * p1 - p2;
        p3 = segment + 2 < n ? pts[segment + 2] : 2.0 * p2 - p1;
    }
    CubicBezier b = catmullRomBezier(p0, p1, p2, p3, curve.spec.alpha);
    if (from && from->mode != HandleMode::Auto) b.p[1] = p1 + outOffset(*from);
    if (to && to->mode != HandleMode::Auto) b.p[2] = p2 + inOffset(*to);
    return b;
}

PointHandles effectiveHandles(const Curve &curve, std::size_t point)
{
    PointHandles h;
    const std::size_t n = curve.points.size();
    if (point >= n) return h;
    if (curve.spec.type == SplineType::Bezier && curve.handles.size() == n) {
        h.mode = curve.handles[point].mode;
        // Stored handles are returned as stored (also at open ends, where the editor still shows them).
        if (h.mode != HandleMode::Auto)
            return {h.mode, inOffset(curve.handles[point]), outOffset(curve.handles[point])};
    }
    const std::size_t count = segmentCount(curve);
    const Vec3 at = curve.points[point];
    // The segment leaving the point is `point`; the one arriving is point - 1 (wrapping when closed).
    if (point < count) h.out = segmentBezier(curve, point).p[1] - at;
    if (point > 0 || (curve.closed && count > 0)) h.in = segmentBezier(curve, (point + n - 1) % n).p[2] - at;
    return h;
}

std::vector<CubicBezier> toBeziers(const Curve &curve)
{
    const std::size_t count = segmentCount(curve);
    std::vector<CubicBezier> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) out.push_back(segmentBezier(curve, i));
    return out;
}

std::vector<BezierKnot> toBezierKnots(const Curve &curve)
{
    const std::vector<CubicBezier> segs = toBeziers(curve);
    const std::size_t n = curve.points.size();
    std::vector<BezierKnot> knots(n);
    for (std::size_t i = 0; i < n; ++i) {
        knots[i].position = curve.points[i];
        knots[i].in = curve.points[i];
        knots[i].out = curve.points[i];
    }
    for (std::size_t i = 0; i < segs.size(); ++i) {
        knots[i].out = segs[i].p[1];
        knots[(i + 1) % n].in = segs[i].p[2];
    }
    return knots;
}

Vec3 evaluate(const CubicBezier &b, double u)
{
    const double v = 1.0 - u;
    const double w0 = v * v * v;
    const double w1 = 3.0 * u * v * v;
    const double w2 = 3.0 * u * u * v;
    const double w3 = u * u * u;
    return b.p[0] * w0 + b.p[1] * w1 + b.p[2] * w2 + b.p[3] * w3;
}

Vec3 derivative(const CubicBezier &b, double u)
{
    const double v = 1.0 - u;
    return ((b.p[1] - b.p[0]) * (v * v) + (b.p[2] - b.p[1]) * (2.0 * u * v) + (b.p[3] - b.p[2]) * (u * u)) * 3.0;
}

Vec3 secondDerivative(const CubicBezier &b, double u)
{
    const Vec3 a = b.p[2] - 2.0 * b.p[1] + b.p[0];
    const Vec3 c = b.p[3] - 2.0 * b.p[2] + b.p[1];
    return (a * (1.0 - u) + c * u) * 6.0;
}

Vec3 thirdDerivative(const CubicBezier &b) { return (b.p[3] - 3.0 * b.p[2] + 3.0 * b.p[1] - b.p[0]) * 6.0; }

CubicBezier subBezier(const CubicBezier &b, double u0, double u1)
{
    // Control points of the sub-curve are the blossom values f(u0,u0,u0), f(u0,u0,u1), f(u0,u1,u1), f(u1,u1,u1).
    const auto blossom = [&b](double a, double c, double d) {
        const Vec3 q0 = exactLerp(b.p[0], b.p[1], a);
        const Vec3 q1 = exactLerp(b.p[1], b.p[2], a);
        const Vec3 q2 = exactLerp(b.p[2], b.p[3], a);
        const Vec3 r0 = exactLerp(q0, q1, c);
        const Vec3 r1 = exactLerp(q1, q2, c);
        return exactLerp(r0, r1, d);
    };
    return CubicBezier{{blossom(u0, u0, u0), blossom(u0, u0, u1), blossom(u0, u1, u1), blossom(u1, u1, u1)}};
}

Vec3 unitTangent(const std::vector<CubicBezier> &segments, bool closed, std::size_t segment, double u)
{
    const std::size_t n = segments.size();
    Vec3 dir;
    if (segment >= n) return dir;
    if (segmentDirection(segments[segment], u, dir)) return dir;
    // The segment is a single point: continue with the next segments' outgoing direction...
    for (std::size_t k = 1; k < n; ++k) {
        if (!closed && segment + k >= n) break;
        if (segmentDirection(segments[(segment + k) % n], 0.0, dir)) return dir;
    }
    // ...or, at the end of an open rail, with the previous segments' incoming direction.
    for (std::size_t k = 1; k < n; ++k) {
        if (!closed && k > segment) break;
        if (segmentDirection(segments[(segment + n - k) % n], 1.0, dir)) return dir;
    }
    // Rounding can leave every derivative below the threshold on a segment whose ends still differ:
    // its chord is then the direction of travel.
    for (std::size_t k = 0; k < n; ++k) {
        const CubicBezier &b = segments[(segment + k) % n];
        if (normalizedIfNonZero(b.p[3] - b.p[0], 0.0, dir)) return dir;
    }
    return Vec3{};
}

} // namespace railforge::core
