#include "core/frames.h"

#include "core/param_reading.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {

namespace {

// Largest tangent turn (radians) between two stations: the double reflection's error per step grows
// with the fifth power of the turn, so ~1 degree keeps the frame exact far below what a rider sees.
constexpr double kStationTurn = 0.02;
// Tangent probes per segment used to estimate how far it turns.
constexpr int kTurnProbes = 16;
// Steps per segment: at least a few (the probes can miss a tight bend between them), at most this many.
constexpr int kMinSteps = 4;
constexpr int kMaxSteps = 4096;
// A chord shorter than this, relative to the coordinates, is rounding noise: its direction means nothing.
constexpr double kChordNoise = 1e-13;
// Below this, t1 - tL (unit vectors) is no direction: t1 ~ tL, nothing or a reversal to turn through.
constexpr double kReversalNoise = 1e-6;
constexpr double kPi = 3.14159265358979323846;

// Largest |component| for the finite vectors met here (std::fmax's NaN rules cost a library call each).
inline double largest(Vec3 v) { return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)}); }

// Angle between two unit vectors, accurate near 0 and pi.
double angleBetween(Vec3 a, Vec3 b) { return std::atan2(length(cross(a, b)), dot(a, b)); }

// v rotated about the unit axis by `angle` (Rodrigues; right-handed).
Vec3 rotateAbout(Vec3 v, Vec3 axis, double angle)
{
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    return v * c + cross(axis, v) * s + axis * (dot(axis, v) * (1.0 - c));
}

// r made unit and orthogonal to the unit t, against rounding drift; if nothing is left, start afresh.
// r is near unit length here, so a plain square root is safe (no scaling as in unitOrZero).
Vec3 orthonormalized(Vec3 r, Vec3 t)
{
    const Vec3 u = r - t * dot(r, t);
    const double squared = dot(u, u);
    if (!(squared > 1e-20) || !std::isfinite(squared)) return initialUp(t);
    return u / std::sqrt(squared);
}

// The double reflection itself (see transportUp), without the final clean-up: two reflections are
// isometries, so from a unit r0 orthogonal to unit t0 the result is unit and orthogonal to t1 to a few
// ulps. The per-sample path uses it as is; stations, which chain, are cleaned up (transportUp).
Vec3 doubleReflection(Vec3 x0, Vec3 t0, Vec3 r0, Vec3 x1, Vec3 t1)
{
    const double scale = std::max(largest(x0), largest(x1));
    // First reflection: in the plane normal to the chord; with no chord, its limit direction t0.
    Vec3 v1 = x1 - x0;
    double c1 = dot(v1, v1);
    if (!(largest(v1) > kChordNoise * scale)) {
        v1 = t0;
        c1 = dot(t0, t0);
    } else if (!(c1 > 1e-250) || !std::isfinite(c1)) {
        v1 = unitOrZero(v1); // a chord whose squared length under- or overflows: its direction only
        c1 = 1.0;
    }
    Vec3 rL = r0;
    Vec3 tL = t0;
    if (c1 > 0.0) {
        rL = r0 - v1 * (2.0 * dot(v1, r0) / c1);
        tL = t0 - v1 * (2.0 * dot(v1, t0) / c1);
    }
    // Second reflection: in the plane normal to t1 - tL, which takes tL onto t1. When t1 is (nearly) -t0
    // (a pingpong path turning back) tL ~ t1 and t1 - tL is rounding noise pointing anywhere: any
    // half turn about an axis orthogonal to t0 is then "minimal", and keeping up as it is (a turn about
    // up itself) is the one a rider expects.
    const Vec3 v2 = t1 - tL;
    if (!(largest(v2) > kReversalNoise)) return orthonormalized(rL, t1); // rare: clean up here, t1 ~ -t0 only

    return rL - v2 * (2.0 * dot(v2, rL) / dot(v2, v2));
}

// Index of the last entry of `s` not above `value` (0 when all are above), walking on from `hint`
// when value did not go down since the previous call (sorted queries are O(1) each).
template <typename Key>
std::size_t lastNotAbove(std::size_t count, Key key, double value, std::size_t &hint)
{
    if (count == 0) return 0;
    if (hint >= count || key(hint) > value) {
        // Binary search: first entry above value, minus one.
        std::size_t lo = 0;
        std::size_t hi = count;
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo) / 2;
            if (key(mid) <= value)
                lo = mid + 1;
            else
                hi = mid;
        }
        hint = lo > 0 ? lo - 1 : 0;
        return hint;
    }
    while (hint + 1 < count && key(hint + 1) <= value) ++hint;
    return hint;
}

// Tilt (radians) at s, smoothstep between the knots around it.
double tiltWithHint(const FrameTable &f, double s, std::size_t &hint)
{
    const std::size_t n = f.knotS.size();
    if (n == 0) return 0.0;
    if (n == 1) return f.knotTilt[0];
    std::size_t i = lastNotAbove(
        n, [&f](std::size_t k) { return f.knotS[k]; }, s, hint);
    i = std::min(i, n - 2);
    const double a = f.knotTilt[i];
    const double b = f.knotTilt[i + 1];
    if (a == b) return a;
    const double span = f.knotS[i + 1] - f.knotS[i];
    double w = span > 0.0 ? (s - f.knotS[i]) / span : 1.0;
    w = std::clamp(w, 0.0, 1.0);
    return a + (b - a) * (w * w * (3.0 - 2.0 * w));
}

// How much of an upright frame's up is world up (1) rather than the carried RMF (0): 0 inside the
// cone of kUprightHandOverDegrees around the vertical, 1 beyond twice that, a smoothstep between.
double uprightWeight(Vec3 tangent)
{
    const double fromVertical = std::acos(std::min(1.0, std::abs(tangent.z))) * (180.0 / kPi);
    const double w = std::clamp((fromVertical - kUprightHandOverDegrees) / kUprightHandOverDegrees, 0.0, 1.0);
    return w * w * (3.0 - 2.0 * w);
}

// The up of an upright frame at a tangent, given the RMF carried to it.
Vec3 uprightBlend(Vec3 carried, Vec3 tangent)
{
    const double w = uprightWeight(tangent);
    if (w >= 1.0) return uprightUp(tangent);
    if (w <= 0.0) return carried;
    const Vec3 mixed = carried * (1.0 - w) + uprightUp(tangent) * w;
    // Opposite halves cancel only where the carried frame came round upside down (a loop ridden
    // upright): keep the carried one there rather than a direction made of rounding.
    return length(mixed) > 1e-6 ? orthonormalized(mixed, tangent) : carried;
}

// Up at s from the station below it: one more double reflection, then seam twist and tilt.
Vec3 upWithHints(const FrameTable &f, double s, Vec3 position, Vec3 tangent, std::size_t &stationHint,
                 std::size_t &knotHint)
{
    if (f.stations.empty() || tangent == Vec3{}) return initialUp(tangent);
    const std::size_t k = lastNotAbove(
        f.stations.size(), [&f](std::size_t i) { return f.stations[i].s; }, s, stationHint);
    const FrameStation &st = f.stations[k];
    Vec3 up = doubleReflection(st.position, st.tangent, st.up, position, tangent);
    if (f.mode == FrameMode::Upright) up = uprightBlend(up, tangent);
    double turn = tiltWithHint(f, s, knotHint);
    if (f.closed && f.length > 0.0 && f.mode == FrameMode::MinimalTwist)
        turn -= f.seamTwist * std::clamp(s / f.length, 0.0, 1.0);
    // up is unit and orthogonal to the tangent: turning it about the tangent keeps both (to rounding).
    if (turn != 0.0) up = up * std::cos(turn) + cross(tangent, up) * std::sin(turn);
    return up;
}

} // namespace

Vec3 initialUp(Vec3 tangent)
{
    if (tangent == Vec3{}) return Vec3{0.0, 0.0, 1.0};
    Vec3 up = Vec3{0.0, 0.0, 1.0} - tangent * tangent.z;
    // |up| = sqrt(1 - tz^2): when that is tiny the tangent is vertical and rounding would choose the direction.
    if (!(length(up) > 1e-8)) up = Vec3{0.0, 1.0, 0.0} - tangent * tangent.y;
    // Twice: a nearly vertical tangent leaves 1 - tz^2 with few correct digits, so one pass is
    // orthogonal only to ~1e-9; the second makes it orthogonal to rounding.
    up = unitOrZero(up);
    return unitOrZero(up - tangent * dot(up, tangent));
}

Vec3 transportUp(Vec3 x0, Vec3 t0, Vec3 r0, Vec3 x1, Vec3 t1)
{
    if (t1 == Vec3{}) return r0;
    return orthonormalized(doubleReflection(x0, t0, r0, x1, t1), t1);
}

Vec3 uprightUp(Vec3 tangent) { return initialUp(tangent); }

double bankDegrees(Vec3 tangent, Vec3 up)
{
    const Vec3 reference = uprightUp(tangent);
    return std::atan2(dot(cross(reference, up), tangent), dot(reference, up)) * (180.0 / kPi);
}

FrameTable buildFrameTable(const ArcLengthTable &table, const std::vector<double> &tiltDegrees, FrameMode mode)
{
    FrameTable f;
    f.closed = table.closed;
    f.mode = mode;
    f.length = totalLength(table);
    const std::vector<CubicBezier> &segs = table.segments;
    const std::size_t m = segs.size();
    if (m == 0) return f;

    const auto tilt = [&tiltDegrees](std::size_t point) {
        return point < tiltDegrees.size() ? tiltDegrees[point] * (kPi / 180.0) : 0.0;
    };
    for (std::size_t i = 0; i < m; ++i) {
        f.knotS.push_back(arcLengthAt(table, {i, 0.0}));
        f.knotTilt.push_back(tilt(i));
    }
    f.knotS.push_back(f.length);
    f.knotTilt.push_back(f.closed ? tilt(0) : tilt(m));

    for (std::size_t k = 0; k < m; ++k) {
        // How far the tangent turns over this segment decides how many stations it gets.
        double turn = 0.0;
        Vec3 previous = unitTangent(segs, table.closed, k, 0.0);
        for (int j = 1; j <= kTurnProbes; ++j) {
            const Vec3 t = unitTangent(segs, table.closed, k, double(j) / kTurnProbes);
            turn += angleBetween(previous, t);
            previous = t;
        }
        const int steps = std::clamp(int(std::ceil(turn / kStationTurn)), kMinSteps, kMaxSteps);
        for (int j = 0; j <= steps; ++j) {
            const double u = double(j) / steps;
            FrameStation st;
            st.position = j == 0 ? segs[k].p[0] : (j == steps ? segs[k].p[3] : evaluate(segs[k], u));
            st.tangent = unitTangent(segs, table.closed, k, u);
            st.s = arcLengthAt(table, {k, u});
            if (!f.stations.empty() && st.s < f.stations.back().s) st.s = f.stations.back().s; // keep sorted
            st.up = f.stations.empty() ? initialUp(st.tangent)
                                       : transportUp(f.stations.back().position, f.stations.back().tangent,
                                                     f.stations.back().up, st.position, st.tangent);
            if (mode == FrameMode::Upright) st.up = uprightBlend(st.up, st.tangent);
            f.stations.push_back(st);
        }
    }
    if (f.closed && mode == FrameMode::MinimalTwist) {
        // Carry the last frame across the seam and measure how far it turned about the first tangent.
        const FrameStation &first = f.stations.front();
        const FrameStation &last = f.stations.back();
        const Vec3 loop = transportUp(last.position, last.tangent, last.up, first.position, first.tangent);
        f.seamTwist = std::atan2(dot(cross(first.up, loop), first.tangent), dot(first.up, loop));
    }
    return f;
}

double tiltAt(const FrameTable &frames, double s)
{
    std::size_t hint = 0;
    return tiltWithHint(frames, s, hint);
}

std::vector<double> tiltsAt(const FrameTable &frames, const std::vector<CurveSample> &samples)
{
    std::vector<double> tilts(samples.size());
    std::size_t hint = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) tilts[i] = tiltWithHint(frames, samples[i].s, hint);
    return tilts;
}

Vec3 upAt(const FrameTable &frames, double s, Vec3 position, Vec3 tangent)
{
    std::size_t stationHint = frames.stations.size();
    std::size_t knotHint = frames.knotS.size();
    return upWithHints(frames, s, position, tangent, stationHint, knotHint);
}

Vec3 upAt(const FrameTable &frames, double s, Vec3 position, Vec3 tangent, UpHints &hints)
{
    return upWithHints(frames, s, position, tangent, hints.station, hints.knot);
}

std::vector<Vec3> upVectors(const FrameTable &frames, const std::vector<CurveSample> &samples)
{
    std::vector<Vec3> ups(samples.size());
    std::size_t stationHint = 0;
    std::size_t knotHint = 0;
    for (std::size_t i = 0; i < samples.size(); ++i)
        ups[i] = upWithHints(frames, samples[i].s, samples[i].position, samples[i].tangent, stationHint, knotHint);
    return ups;
}

std::vector<Vec3> polylineUps(const std::vector<CurveSample> &rows, bool loops)
{
    std::vector<Vec3> ups(rows.size());
    if (rows.empty()) return ups;
    ups[0] = initialUp(rows[0].tangent);
    for (std::size_t i = 1; i < rows.size(); ++i)
        ups[i] = transportUp(rows[i - 1].position, rows[i - 1].tangent, ups[i - 1], rows[i].position, rows[i].tangent);
    const double total = rows.back().s;
    if (loops && rows.size() > 1 && total > 0.0 && rows[0].tangent != Vec3{}) {
        const Vec3 loop =
            transportUp(rows.back().position, rows.back().tangent, ups.back(), rows[0].position, rows[0].tangent);
        const double twist = std::atan2(dot(cross(ups[0], loop), rows[0].tangent), dot(ups[0], loop));
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].tangent != Vec3{})
                ups[i] =
                    orthonormalized(rotateAbout(ups[i], rows[i].tangent, -twist * rows[i].s / total), rows[i].tangent);
    }
    return ups;
}

} // namespace railforge::core
