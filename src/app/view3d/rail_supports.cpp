#include "app/view3d/rail_supports.h"

#include <algorithm>
#include <cmath>

namespace railforge::app {

SupportClearance judgeClearance(double clearance, double limit)
{
    if (clearance < limit) return SupportClearance::Low;
    if (clearance <= 2.0 * limit) return SupportClearance::Close;
    return SupportClearance::Clear;
}

std::vector<Support> railSupports(const core::ArcLengthTable &table, bool closed, const core::GroundSet &ground,
                                  double spacing, double limit)
{
    std::vector<Support> out;
    const double length = core::totalLength(table);
    if (ground.empty() || !(length > 0.0) || !(spacing > 0.0)) return out;
    const auto count = std::size_t(std::floor(length / spacing));
    auto add = [&](double s) {
        const core::Vec3 top = core::sampleAt(table, s).position;
        const auto below = ground.under(top.x, top.y, top.z);
        if (below) out.push_back({top, *below, judgeClearance(top.z - *below, limit)});
    };
    for (std::size_t i = 0; i <= count; ++i) {
        const double s = double(i) * spacing;
        if (closed && s >= length - 1e-9) break; // the seam is s = 0 again
        add(s);
    }
    if (!closed && double(count) * spacing < length - 1e-9) add(length);
    return out;
}

double supportSpacing(double totalLength, double preferred, double most)
{
    double spacing = preferred;
    while (totalLength / spacing > most) spacing *= 2.0;
    return spacing;
}

} // namespace railforge::app
