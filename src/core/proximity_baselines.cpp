#include "core/proximity_baselines.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::core {

namespace {

// The sphere around the curve part [s0, s1]: the middle point is looked up on the curve.
ArcSphere makeSphere(const ArcLengthTable &table, double s0, double s1)
{
    const double mid = 0.5 * (s0 + s1);
    const CurveParam at = locate(table, mid);
    return {s0, s1, evaluate(table.segments[at.segment], at.u), 0.5 * (s1 - s0)};
}

// Recursive step of the spherical partition search.
void checkSphere(const ArcLengthTable &table, const ArcSphere &sphere, Vec3 p, double inputRange, double threshold,
                 std::optional<BaselineHit> &best)
{
    const double d = distance(p, sphere.center);
    if (!(d <= sphere.radius + inputRange)) return; // not within range of this part
    if (sphere.s1 - sphere.s0 < threshold || sphere.radius <= 0.0) {
        if (!best || d < best->distance) best = BaselineHit{d, 0.5 * (sphere.s0 + sphere.s1), sphere.center};
        return;
    }
    const double mid = 0.5 * (sphere.s0 + sphere.s1);
    checkSphere(table, makeSphere(table, sphere.s0, mid), p, inputRange, threshold, best);
    checkSphere(table, makeSphere(table, mid, sphere.s1), p, inputRange, threshold, best);
}

} // namespace

BruteForceSamples buildBruteForceSamples(const ArcLengthTable &table, double spacing)
{
    BruteForceSamples out;
    for (const CurveSample &row : sample(table, spacing)) {
        out.points.push_back(row.position);
        out.s.push_back(row.s);
    }
    return out;
}

std::optional<BaselineHit> bruteForceNearest(const BruteForceSamples &samples, Vec3 p)
{
    if (samples.points.empty()) return std::nullopt;
    std::size_t bestIndex = 0;
    double bestD2 = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < samples.points.size(); ++i) {
        const double d2 = lengthSquared(samples.points[i] - p);
        if (d2 < bestD2) {
            bestD2 = d2;
            bestIndex = i;
        }
    }
    return BaselineHit{std::sqrt(bestD2), samples.s[bestIndex], samples.points[bestIndex]};
}

SpherePartition buildSpherePartition(const ArcLengthTable &table, double segmentLength)
{
    SpherePartition partition;
    partition.table = &table;
    if (table.segments.empty() || !(segmentLength > 0.0)) return partition;
    const double length = totalLength(table);
    const auto parts = static_cast<std::size_t>(std::max(1.0, std::ceil(length / segmentLength)));
    for (std::size_t k = 0; k < parts; ++k) {
        const double s0 = length * static_cast<double>(k) / static_cast<double>(parts);
        const double s1 = length * static_cast<double>(k + 1) / static_cast<double>(parts);
        partition.spheres.push_back(makeSphere(table, s0, s1));
    }
    return partition;
}

std::optional<BaselineHit> spherePartitionNearest(const SpherePartition &partition, Vec3 p, double inputRange,
                                                  double threshold)
{
    std::optional<BaselineHit> best;
    if (partition.table == nullptr) return best;
    for (const ArcSphere &sphere : partition.spheres)
        checkSphere(*partition.table, sphere, p, inputRange, threshold, best);
    return best;
}

} // namespace railforge::core
