#include "app/rail_shapes.h"

#include "document/rail_geometry.h"

namespace railforge::app {

RailShapes buildRailShapes(const document::Level &level)
{
    RailShapes shapes;
    shapes.paths.reserve(level.rails.size());
    std::vector<core::IndexedSegments> flat;
    for (const auto &rail : level.rails) {
        const core::Curve curve = document::railCurve(rail);
        const core::ArcLengthTable table = core::buildArcLengthTable(curve);
        QPainterPath path;
        for (std::size_t i = 0; i < table.segments.size(); ++i) {
            const auto &b = table.segments[i].p;
            if (i == 0) path.moveTo(b[0].x, b[0].y);
            path.cubicTo(b[1].x, b[1].y, b[2].x, b[2].y, b[3].x, b[3].y);
        }
        if (table.segments.empty() && !rail.points.empty()) path.moveTo(rail.points[0].x, rail.points[0].y);
        shapes.paths.push_back(path);
        const double length = core::totalLength(table);
        shapes.lengths.push_back(length);
        shapes.middle.push_back(table.segments.empty() ? core::CurveSample{} : core::sampleAt(table, length / 2));
        shapes.tables.push_back(table);
        // The plan view of the curve: its Beziers with z dropped (an exact projection).
        std::vector<core::CubicBezier> plan = table.segments;
        for (auto &b : plan)
            for (auto &p : b.p) p.z = 0;
        flat.push_back({int(flat.size()), std::move(plan), rail.closed});
    }
    shapes.planIndex = core::RailIndex(flat);
    return shapes;
}

} // namespace railforge::app
