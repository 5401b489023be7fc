#include "core/rail_profile.h"

#include "core/spline.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {
namespace {

constexpr double kDegrees = 180.0 / 3.14159265358979323846;

// The specific force (m/s^2) a rider at `speed` feels where the curvature vector is K per level unit.
Vec3 specificForce(Vec3 curvature, double speed, double metresPerUnit)
{
    const Vec3 centripetal = curvature * (speed * speed / metresPerUnit);
    return centripetal + Vec3{0.0, 0.0, kStandardGravity};
}

} // namespace

Vec3 curvatureVectorAt(const ArcLengthTable &table, double s)
{
    if (table.segments.empty()) return {};
    const CurveParam at = locate(table, s);
    const CubicBezier &b = table.segments[at.segment];
    const Vec3 d1 = derivative(b, at.u);
    const double speed2 = dot(d1, d1);
    // A stalled parameter (a corner handle at its point) has no direction to bend: no curvature.
    if (!(speed2 > 1e-24) || !std::isfinite(speed2)) return {};
    const Vec3 t = d1 / std::sqrt(speed2);
    const Vec3 d2 = secondDerivative(b, at.u);
    const Vec3 k = (d2 - t * dot(d2, t)) / speed2;
    // A straight piece leaves only rounding across the tangent: its curvature is 0, not 1e-19. (A bend
    // this gentle would turn a rider by less than 1e-12 radians over the whole segment.)
    if (length(k) * std::max(distance(b.p[0], b.p[3]), 1e-300) < 1e-12) return {};
    return std::isfinite(k.x) && std::isfinite(k.y) && std::isfinite(k.z) ? k : Vec3{};
}

std::vector<ProfileRow> railProfile(const ArcLengthTable &table, const FrameTable &frames, double spacing)
{
    const std::vector<CurveSample> samples = sample(table, spacing);
    const std::vector<Vec3> ups = upVectors(frames, samples);
    const std::vector<double> tilts = tiltsAt(frames, samples);
    std::vector<ProfileRow> rows(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        ProfileRow &r = rows[i];
        r.s = samples[i].s;
        r.position = samples[i].position;
        r.tangent = samples[i].tangent;
        r.up = ups[i];
        r.curvatureVector = curvatureVectorAt(table, r.s);
        r.curvature = length(r.curvatureVector);
        r.pitch = std::asin(std::clamp(r.tangent.z, -1.0, 1.0)) * kDegrees;
        r.tilt = tilts[i] * kDegrees;
        r.bank = bankDegrees(r.tangent, r.up);
    }
    return rows;
}

RiderForces riderForces(const ProfileRow &row, double speed, double metresPerUnit)
{
    const Vec3 f = specificForce(row.curvatureVector, speed, metresPerUnit);
    const Vec3 right = cross(row.tangent, row.up);
    return {dot(f, row.up) / kStandardGravity, dot(f, right) / kStandardGravity};
}

double bankForSpeed(const ArcLengthTable &table, const FrameTable &untilted, double s, double speed,
                    double metresPerUnit, double maxBank)
{
    const CurveSample at = sampleAt(table, s);
    const Vec3 t = at.tangent;
    const Vec3 up = upAt(untilted, s, at.position, t);
    const Vec3 f = specificForce(curvatureVectorAt(table, s), speed, metresPerUnit);
    const Vec3 across = f - t * dot(f, t);
    if (!(length(across) > 1e-12)) return 0.0;
    const double bank = std::atan2(dot(cross(up, across), t), dot(up, across)) * kDegrees;
    return std::clamp(bank, -maxBank, maxBank);
}

} // namespace railforge::core
