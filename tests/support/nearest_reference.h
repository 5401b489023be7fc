// Slow, obviously correct nearest point on Bezier segments, for checking RailIndex: every segment
// sampled densely, every sampled local minimum polished by golden-section search.
#pragma once

#include "core/spline.h"

#include "golden_section.h"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

namespace railforge::testing {

// Where the reference found the nearest point, and how far it is.
struct NearestReference {
    double distance = std::numeric_limits<double>::infinity(); // smallest distance found
    std::size_t segment = 0;                                   // its segment
    double u = 0.0;                                            // its parameter
};

// n samples per segment; every discrete local minimum polished on its two neighbouring intervals.
inline NearestReference nearestReference(const std::vector<core::CubicBezier> &segs, core::Vec3 p, int n = 256)
{
    NearestReference best;
    std::vector<double> d(static_cast<std::size_t>(n) + 1);
    for (std::size_t s = 0; s < segs.size(); ++s) {
        const auto f = [&](double u) { return core::distance(core::evaluate(segs[s], u), p); };
        for (int j = 0; j <= n; ++j) d[static_cast<std::size_t>(j)] = f(double(j) / n);
        for (int j = 0; j <= n; ++j) {
            const auto at = static_cast<std::size_t>(j);
            if (d[at] < best.distance) best = {d[at], s, double(j) / n};
            const bool localMin = (j == 0 || d[at] <= d[at - 1]) && (j == n || d[at] <= d[at + 1]);
            if (!localMin) continue;
            const auto minimum =
                goldenSectionMinimum(f, double(std::max(0, j - 1)) / n, double(std::min(n, j + 1)) / n, 90);
            if (minimum.value < best.distance) best = {minimum.value, s, minimum.at};
        }
    }
    return best;
}

// Diagonal of the control points' bounding box (1 for a single point): the error scale.
inline double controlDiagonal(const std::vector<core::CubicBezier> &segs)
{
    if (segs.empty()) return 1.0;
    core::Vec3 lo = segs.front().p[0];
    core::Vec3 hi = lo;
    for (const core::CubicBezier &b : segs) {
        for (const core::Vec3 &q : b.p) {
            lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
            hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
        }
    }
    const double d = core::distance(lo, hi);
    return d > 0.0 ? d : 1.0;
}

} // namespace railforge::testing
