// The two nearest-point methods of seed 003, kept only as benchmark baselines for RailIndex.
// Both are approximate: their error is bounded by the sample spacing / sphere threshold.
#pragma once

#include "core/arc_length.h"
#include "core/vec3.h"

#include <optional>
#include <vector>

namespace railforge::core {

// What a baseline reports for a query.
struct BaselineHit {
    double distance = 0.0; // distance from the query to the chosen curve point
    double s = 0.0;        // arc length of that point
    Vec3 point;            // the chosen curve point (a sample or a sphere centre)
};

// Brute force: the curve sampled at a fixed arc-length spacing (samples stored once, which is
// kinder to the baseline than the seed's per-query sampling).
struct BruteForceSamples {
    std::vector<Vec3> points; // sample positions, s = 0, spacing, 2 spacing, ..., length
    std::vector<double> s;    // their arc lengths
};

// Sample the curve every `spacing` of arc length for the brute-force search.
BruteForceSamples buildBruteForceSamples(const ArcLengthTable &table, double spacing);

// Closest stored sample to p (one distance test per sample); nullopt when there are none.
std::optional<BaselineHit> bruteForceNearest(const BruteForceSamples &samples, Vec3 p);

// A sphere holding the curve between arc lengths s0 and s1: centred on the point at the middle
// arc length, radius half the arc length (the curve cannot leave it, however it bends).
struct ArcSphere {
    double s0 = 0.0;     // arc length where the part starts
    double s1 = 0.0;     // arc length where it ends
    Vec3 center;         // curve point at (s0 + s1) / 2
    double radius = 0.0; // (s1 - s0) / 2
};

// Seed 003's spherical partition: the initial spheres, cut at a user-chosen arc length.
struct SpherePartition {
    const ArcLengthTable *table = nullptr; // curve being searched (must outlive this)
    std::vector<ArcSphere> spheres;        // initial spheres, cached (the seed's first suggested improvement)
};

// Cut the curve into parts of about `segmentLength` arc length, one bounding sphere each.
SpherePartition buildSpherePartition(const ArcLengthTable &table, double segmentLength);

// The seed's search: a sphere is entered when p lies within radius + inputRange of its centre;
// entered spheres shorter than `threshold` offer their centre as a candidate, longer ones are
// halved (two new spheres, positions looked up on the curve) and checked again. Returns the
// closest candidate, or nullopt when no sphere is entered ("not within range").
std::optional<BaselineHit> spherePartitionNearest(const SpherePartition &partition, Vec3 p, double inputRange,
                                                  double threshold);

} // namespace railforge::core
