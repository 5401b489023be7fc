#include "document/model/rail_banking.h"

#include "core/rail_profile.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

#include <algorithm>

namespace railforge::document {

Rail bankedForSpeed(const Rail &rail, double speed, double metresPerUnit, double maxBankDegrees,
                    const std::vector<std::size_t> &points)
{
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(rail));
    // The frame the rail has without tilt: the bank is measured from it.
    const core::FrameTable untilted = core::buildFrameTable(table, {}, rail.frame);
    Rail banked = rail;
    banked.tilts.resize(rail.points.size(), 0.0);
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        if (!points.empty() && std::find(points.begin(), points.end(), i) == points.end()) continue;
        const double s = i < untilted.knotS.size() ? untilted.knotS[i] : untilted.length;
        banked.tilts[i] = core::bankForSpeed(table, untilted, s, speed, metresPerUnit, maxBankDegrees);
    }
    compactPointExtras(banked);
    return banked;
}

} // namespace railforge::document
