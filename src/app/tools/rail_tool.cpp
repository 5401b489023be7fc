#include "app/tools/rail_tool.h"

#include "app/plan/canvas_hit_test.h"
#include "document/editing/level_editing.h"

#include <cmath>

namespace railforge::app {

ToolDescription RailTool::describe()
{
    return {EditorController::Tool::Rail,
            "rail",
            QT_TRANSLATE_NOOP("Tools", "Draw rail"),
            "R",
            QT_TRANSLATE_NOOP(
                "Tools", "Click to add rail points; double-click or Enter to finish, click the first point to close"),
            Qt::CrossCursor,
            [](ToolHost &host) -> std::unique_ptr<CanvasTool> { return std::make_unique<RailTool>(host); }};
}

void RailTool::press(const ToolEvent &event)
{
    if (m_points.size() >= 3) {
        const QPointF first = host().view().toScreen(m_points.front());
        if (std::hypot(first.x() - event.screen.x(), first.y() - event.screen.y()) <= kPickPixels) {
            m_closing = true;
            finish();
            m_closing = false;
            return;
        }
    }
    addPoint(host().snapPoint(event.world));
}

bool RailTool::complete(const std::vector<QPointF> &points)
{
    // Each point lands on the surface nearest the one before (the first on the top surface): a rail
    // drawn on a bridge deck stays on it, one drawn on the road under it stays on the road.
    std::vector<core::Vec3> rail;
    for (const QPointF &p : points)
        rail.push_back(
            {p.x(), p.y(),
             host().placedHeight(p, document::ObjectKind::Rail, rail.empty() ? 0.0 : rail.back().z, rail.empty())});
    auto id = document::addRail(host().document(), std::move(rail), m_closing);
    if (id) host().selection().set({{document::ObjectKind::Rail, *id}});
    return id.has_value();
}

} // namespace railforge::app
