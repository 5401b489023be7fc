#include "document/model/rail_roll_rate.h"

#include "core/arc_length.h"
#include "core/roll_rate.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

namespace railforge::document {

std::vector<double> segmentMetres(const Rail &rail, double metresPerUnit)
{
    std::vector<double> out;
    for (const core::CubicBezier &segment : core::toBeziers(railCurve(rail)))
        out.push_back(core::bezierArcLength(segment) * metresPerUnit);
    return out;
}

std::vector<RollRate> rollRatesOver(const Rail &rail, double metresPerUnit, double limit)
{
    std::vector<RollRate> out;
    if (rail.tilts.empty() || rail.points.size() < 2) return out;
    const std::vector<double> metres = segmentMetres(rail, metresPerUnit);
    const std::size_t n = rail.points.size();
    double s = 0.0;
    for (std::size_t i = 0; i < metres.size(); ++i) {
        const double length = metres[i] / metresPerUnit;
        const double rate = core::peakRollRate(pointTilt(rail, (i + 1) % n) - pointTilt(rail, i), metres[i]);
        if (rate > limit) out.push_back({rate, s, s + length});
        s += length;
    }
    return out;
}

} // namespace railforge::document
