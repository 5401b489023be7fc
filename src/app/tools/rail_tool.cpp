#include "app/tools/rail_tool.h"

#include "app/plan/canvas_hit_test.h"
#include "document/editing/level_editing.h"

#include <cmath>

namespace railforge::app {

ToolDescription RailTool::describe()
{
    return {"rail",
            QT_TRANSLATE_NOOP("Tools", "Draw rail"),
            "R",
            QT_TRANSLATE_NOOP(
                "Tools", "Click to add rail points; double-click or Enter to finish, click the first point to close"),
            Qt::CrossCursor,
            &makePlanTool<RailTool>,
            &makeAnyViewTool<RailTool>};
}

void RailTool::press(const ToolEvent &event)
{
    // A click on the first point of three or more closes the rail into a loop.
    if (m_points.size() >= 3)
        if (const auto first = host().toScreen(m_points.front()))
            if (std::hypot(first->x() - event.screen.x(), first->y() - event.screen.y()) <= kPickPixels) {
                m_closing = true;
                finish();
                m_closing = false;
                return;
            }
    addPoint(event.world);
}

core::Vec3 RailTool::placed(QPointF world) const
{
    // Each point lands on the surface nearest the one before (the first on the top surface): a rail
    // drawn on a bridge deck stays on it, one drawn on the road under it stays on the road.
    const QPointF p = host().snapPoint(world);
    const bool fresh = m_points.empty();
    return {p.x(), p.y(), host().placedHeight(p, document::ObjectKind::Rail, fresh ? 0.0 : m_points.back().z, fresh)};
}

bool RailTool::complete(const std::vector<core::Vec3> &points)
{
    auto id = document::addRail(host().document(), points, m_closing);
    if (id) host().selection().set({{document::ObjectKind::Rail, *id}});
    return id.has_value();
}

} // namespace railforge::app
