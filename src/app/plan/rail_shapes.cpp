#include "app/plan/rail_shapes.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

namespace railforge::app {
namespace {

struct OneRail {
    QPainterPath path;
    core::CurveSample middle;
    double length = 0;
    core::ArcLengthTable table;
    std::optional<core::FrameTable> frames;
};

OneRail shapeOf(const document::Rail &rail)
{
    OneRail one;
    one.table = core::buildArcLengthTable(document::railCurve(rail));
    for (std::size_t i = 0; i < one.table.segments.size(); ++i) {
        const auto &b = one.table.segments[i].p;
        if (i == 0) one.path.moveTo(b[0].x, b[0].y);
        one.path.cubicTo(b[1].x, b[1].y, b[2].x, b[2].y, b[3].x, b[3].y);
    }
    if (one.table.segments.empty() && !rail.points.empty()) one.path.moveTo(rail.points[0].x, rail.points[0].y);
    one.length = core::totalLength(one.table);
    one.middle = one.table.segments.empty() ? core::CurveSample{} : core::sampleAt(one.table, one.length / 2);
    // Only rails that can bank show frames, so only they pay for them: tilted ones, and minimal-twist
    // ones (whose frames bank as they climb and turn).
    if (document::hasTilt(rail) || rail.frame == core::FrameMode::MinimalTwist)
        one.frames = document::railFrames(rail, one.table);
    return one;
}

} // namespace

RailShapes RailShapes::build(const document::Level &level)
{
    RailShapes shapes;
    for (const auto &rail : level.rails) {
        OneRail one = shapeOf(rail);
        shapes.paths.push_back(std::move(one.path));
        shapes.middle.push_back(one.middle);
        shapes.lengths.push_back(one.length);
        shapes.tables.push_back(std::move(one.table));
        shapes.frames.push_back(std::move(one.frames));
    }
    return shapes;
}

void RailShapes::updateRail(std::size_t index, const document::Rail &rail)
{
    if (index >= paths.size()) return;
    OneRail one = shapeOf(rail);
    paths[index] = std::move(one.path);
    middle[index] = one.middle;
    lengths[index] = one.length;
    tables[index] = std::move(one.table);
    frames[index] = std::move(one.frames);
    m_planIndex.reset();
    m_spaceIndex.reset();
}

const core::RailIndex &RailShapes::spaceIndex() const
{
    if (!m_spaceIndex) {
        std::vector<core::IndexedSegments> curves;
        curves.reserve(tables.size());
        for (std::size_t i = 0; i < tables.size(); ++i)
            curves.push_back({int(i), tables[i].segments, tables[i].closed});
        m_spaceIndex.emplace(curves);
    }
    return *m_spaceIndex;
}

const core::RailIndex &RailShapes::planIndex() const
{
    if (!m_planIndex) {
        // The plan view of each curve: its Beziers with z dropped (an exact projection).
        std::vector<core::IndexedSegments> flat;
        flat.reserve(tables.size());
        for (std::size_t i = 0; i < tables.size(); ++i) {
            std::vector<core::CubicBezier> plan = tables[i].segments;
            for (auto &b : plan)
                for (auto &p : b.p) p.z = 0;
            flat.push_back({int(i), std::move(plan), tables[i].closed});
        }
        m_planIndex.emplace(flat);
    }
    return *m_planIndex;
}

} // namespace railforge::app
