#include "app/plan/rail_shapes.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

#include <algorithm>
#include <thread>

namespace railforge::app {
namespace {

struct OneRail {
    QPainterPath path;
    core::CurveSample middle;
    double length = 0;
};

OneRail shapeOf(const document::Rail &rail, const document::RailGeometry &geometry)
{
    OneRail one;
    const core::ArcLengthTable &table = geometry.table();
    for (std::size_t i = 0; i < table.segments.size(); ++i) {
        const auto &b = table.segments[i].p;
        if (i == 0) one.path.moveTo(b[0].x, b[0].y);
        one.path.cubicTo(b[1].x, b[1].y, b[2].x, b[2].y, b[3].x, b[3].y);
    }
    if (table.segments.empty() && !rail.points.empty()) one.path.moveTo(rail.points[0].x, rail.points[0].y);
    one.length = geometry.length();
    one.middle = table.segments.empty() ? core::CurveSample{} : core::sampleAt(table, one.length / 2);
    return one;
}

} // namespace

const core::FrameTable *RailShapes::banking(std::size_t i) const
{
    if (i >= geometry.size()) return nullptr;
    const document::Rail &rail = geometry[i]->rail();
    // Only rails that can bank show frames, so only they pay for them.
    if (!document::hasTilt(rail) && rail.frame != core::FrameMode::MinimalTwist) return nullptr;
    return &geometry[i]->frames();
}

void RailShapes::prepareBanking() const
{
    if (m_bankingPrepared) return;
    m_bankingPrepared = true;
    // A rail's frames are built once, from whichever thread asks first (RailGeometry::frames).
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    if (threads == 1 || size() < 64) return; // painting builds them as it goes
    auto share = [this, threads](unsigned part) {
        for (std::size_t i = part; i < size(); i += threads) banking(i);
    };
    std::vector<std::thread> workers;
    for (unsigned t = 1; t < threads; ++t) workers.emplace_back(share, t);
    share(0);
    for (std::thread &w : workers) w.join();
}

RailShapes RailShapes::build(const document::Level &level, const document::RailGeometryOf &geometryOf)
{
    RailShapes shapes;
    for (std::size_t i = 0; i < level.rails.size(); ++i) {
        Geometry g = geometryOf(i);
        OneRail one = shapeOf(level.rails[i], *g);
        shapes.paths.push_back(std::move(one.path));
        shapes.middle.push_back(one.middle);
        shapes.lengths.push_back(one.length);
        shapes.geometry.push_back(std::move(g));
    }
    return shapes;
}

void RailShapes::updateRail(std::size_t index, const document::Rail &rail, Geometry g)
{
    if (index >= paths.size()) return;
    OneRail one = shapeOf(rail, *g);
    paths[index] = std::move(one.path);
    middle[index] = one.middle;
    lengths[index] = one.length;
    geometry[index] = std::move(g); // its frames, if it banks, are built by the paint that draws it
    m_planIndex.reset();
    m_spaceIndex.reset();
}

const core::RailIndex &RailShapes::spaceIndex() const
{
    if (!m_spaceIndex) {
        std::vector<core::IndexedSegments> curves;
        curves.reserve(size());
        for (std::size_t i = 0; i < size(); ++i) curves.push_back({int(i), table(i).segments, table(i).closed});
        m_spaceIndex.emplace(curves);
    }
    return *m_spaceIndex;
}

const core::RailIndex &RailShapes::planIndex() const
{
    if (!m_planIndex) {
        // The plan view of each curve: its Beziers with z dropped (an exact projection).
        std::vector<core::IndexedSegments> flat;
        flat.reserve(size());
        for (std::size_t i = 0; i < size(); ++i) {
            std::vector<core::CubicBezier> plan = table(i).segments;
            for (auto &b : plan)
                for (auto &p : b.p) p.z = 0;
            flat.push_back({int(i), std::move(plan), table(i).closed});
        }
        m_planIndex.emplace(flat);
    }
    return *m_planIndex;
}

} // namespace railforge::app
