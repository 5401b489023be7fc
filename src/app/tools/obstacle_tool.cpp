#include "app/tools/obstacle_tool.h"

#include "app/drawing/canvas_palette.h"
#include "core/polygon.h"
#include "document/editing/level_editing.h"

#include <QPainter>

#include <cmath>

namespace railforge::app {

ToolDescription ObstacleTool::describe()
{
    return {
        "obstacle",
        QT_TRANSLATE_NOOP("Tools", "Draw obstacle (Shift: circle)"),
        "O",
        QT_TRANSLATE_NOOP("Tools", "Click polygon corners, Enter to finish; Shift-drag from the centre for a circle"),
        Qt::CrossCursor,
        &makePlanTool<ObstacleTool>};
}

void ObstacleTool::press(const ToolEvent &event)
{
    if (m_points.empty() && event.modifiers.testFlag(Qt::ShiftModifier)) {
        m_circleCenter = host().snapPoint(event.world);
        m_circleRadius = 0;
        return;
    }
    addPoint(host().snapPoint(event.world));
}

void ObstacleTool::drag(const ToolEvent &event)
{
    if (!m_circleCenter) return PointListTool::drag(event);
    const QPointF d = event.world - *m_circleCenter;
    m_circleRadius = std::hypot(d.x(), d.y());
    host().requestUpdate();
}

void ObstacleTool::release(const ToolEvent &)
{
    if (!m_circleCenter) return;
    if (m_circleRadius > 0) {
        document::Obstacle circle;
        circle.shape = document::Obstacle::Shape::Circle;
        circle.circle = {{m_circleCenter->x(), m_circleCenter->y()}, m_circleRadius};
        const std::string id = document::addObstacle(host().document(), circle);
        host().selection().set({{document::ObjectKind::Obstacle, id}});
    }
    m_circleCenter.reset();
    host().requestUpdate();
}

bool ObstacleTool::cancel()
{
    if (m_circleCenter) {
        m_circleCenter.reset();
        host().requestUpdate();
        return true;
    }
    return PointListTool::cancel();
}

bool ObstacleTool::complete(const std::vector<core::Vec3> &points)
{
    // Only simple polygons with an area are obstacles a level file accepts.
    std::vector<core::Point2d> outline;
    for (const core::Vec3 &p : points) outline.push_back({p.x, p.y});
    if (std::abs(core::signedArea(outline)) <= 1e-12 || core::firstSelfIntersection(outline)) return false;
    document::Obstacle polygon;
    polygon.shape = document::Obstacle::Shape::Polygon;
    for (const core::Vec3 &p : points) polygon.polygon.push_back({p.x, p.y});
    const std::string id = document::addObstacle(host().document(), polygon);
    host().selection().set({{document::ObjectKind::Obstacle, id}});
    return true;
}

void ObstacleTool::paintOverlay(QPainter &painter) const
{
    if (!m_circleCenter) return PointListTool::paintOverlay(painter);
    const QPointF c = m_plan.view().toScreen(*m_circleCenter);
    const double r = m_circleRadius * m_plan.view().scale;
    painter.setPen(QPen(palette::draft, 1.5, Qt::DashLine));
    painter.setBrush(palette::obstacleDraftFill);
    painter.drawEllipse(c, r, r);
}

} // namespace railforge::app
