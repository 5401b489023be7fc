#include "document/model/rail_geometry.h"

#include "document/model/rail_points.h"

namespace railforge::document {

core::Curve railCurve(const Rail &rail)
{
    core::Curve curve;
    curve.points = rail.points;
    curve.closed = rail.closed;
    switch (rail.spline) {
    case SplineKind::CatmullRom: curve.spec.type = core::SplineType::CatmullRom; break;
    case SplineKind::Linear: curve.spec.type = core::SplineType::Linear; break;
    case SplineKind::Bezier:
        curve.spec.type = core::SplineType::Bezier;
        if (rail.handles.size() == rail.points.size()) curve.handles = rail.handles;
        break;
    }
    curve.spec.alpha = rail.alpha;
    return curve;
}

core::FrameTable railFrames(const Rail &rail, const core::ArcLengthTable &table)
{
    std::vector<double> tilts(rail.points.size(), 0.0);
    for (std::size_t i = 0; i < tilts.size(); ++i) tilts[i] = pointTilt(rail, i);
    return core::buildFrameTable(table, tilts, rail.frame);
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
