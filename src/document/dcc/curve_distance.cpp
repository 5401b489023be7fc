#include "document/dcc/curve_distance.h"

#include "core/rail_index.h"

#include <algorithm>
#include <limits>

namespace railforge::document {
namespace {

constexpr int kSamplesPerSegment = 16;

// The farthest sample of `from` from the curve `index` holds.
double farthestFrom(const std::vector<core::CubicBezier> &from, const core::RailIndex &index)
{
    double worst = 0.0;
    for (const core::CubicBezier &segment : from)
        for (int k = 0; k <= kSamplesPerSegment; ++k) {
            const auto hit = index.nearest(core::evaluate(segment, double(k) / kSamplesPerSegment));
            if (hit) worst = std::max(worst, hit->distance);
        }
    return worst;
}

} // namespace

double curveDistance(const std::vector<core::CubicBezier> &a, bool aClosed, const std::vector<core::CubicBezier> &b,
                     bool bClosed)
{
    if (a.empty() || b.empty()) return a.empty() && b.empty() ? 0.0 : std::numeric_limits<double>::infinity();
    const core::RailIndex onA(std::vector<core::IndexedSegments>{{0, a, aClosed}});
    const core::RailIndex onB(std::vector<core::IndexedSegments>{{0, b, bClosed}});
    return std::max(farthestFrom(a, onB), farthestFrom(b, onA));
}

} // namespace railforge::document
