#include "document/rail_geometry.h"

namespace railforge::document {

core::Curve railCurve(const Rail &rail)
{
    core::Curve curve;
    curve.points = rail.points;
    curve.closed = rail.closed;
    curve.spec.type = rail.spline == SplineKind::Linear ? core::SplineType::Linear : core::SplineType::CatmullRom;
    curve.spec.alpha = rail.alpha;
    return curve;
}

core::RailIndex buildRailIndex(const Level &level)
{
    std::vector<core::IndexedCurve> curves;
    curves.reserve(level.rails.size());
    for (std::size_t i = 0; i < level.rails.size(); ++i) curves.push_back({int(i), railCurve(level.rails[i])});
    return core::RailIndex(curves);
}

int findRail(const Level &level, const std::string &id)
{
    for (std::size_t i = 0; i < level.rails.size(); ++i)
        if (level.rails[i].id == id) return int(i);
    return -1;
}

} // namespace railforge::document
