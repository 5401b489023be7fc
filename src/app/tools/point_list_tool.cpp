#include "app/tools/point_list_tool.h"

#include "app/drawing/canvas_palette.h"

#include <QPainter>

namespace railforge::app {

core::Vec3 PointListTool::placed(QPointF world) const
{
    const QPointF p = host().snapPoint(world);
    return {p.x(), p.y(), 0.0};
}

void PointListTool::hover(const ToolEvent &event)
{
    m_cursor = placed(event.world);
    if (!m_points.empty()) host().requestUpdate();
}

void PointListTool::addPoint(QPointF world)
{
    const core::Vec3 p = placed(world);
    // A double-click sends a press first: do not add the same point twice.
    if (!m_points.empty() && m_points.back().x == p.x && m_points.back().y == p.y) return;
    m_points.push_back(p);
    host().requestUpdate();
}

bool PointListTool::finish()
{
    if (m_points.size() < minimumPoints()) return false;
    const auto points = m_points;
    if (!complete(points)) return false;
    m_points.clear();
    host().requestUpdate();
    return true;
}

bool PointListTool::cancel()
{
    if (m_points.empty()) return false;
    m_points.clear();
    host().requestUpdate();
    return true;
}

CanvasTool::Draft PointListTool::draft() const
{
    Draft out;
    out.line = m_points;
    out.placed = m_points.size();
    if (m_cursor && !m_points.empty()) out.line.push_back(*m_cursor);
    return out;
}

void PointListTool::paintOverlay(QPainter &painter) const
{
    if (m_points.empty()) return;
    QPolygonF line;
    for (const core::Vec3 &p : m_points)
        if (const auto s = host().toScreen(p)) line << *s;
    if (m_cursor)
        if (const auto s = host().toScreen(*m_cursor)) line << *s;
    if (previewClosed() && line.size() > 2) line << line.front();
    painter.setPen(QPen(palette::draft, 1.5, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawPolyline(line);
    painter.setPen(QPen(Qt::white, 1.2));
    painter.setBrush(palette::rail);
    for (const core::Vec3 &p : m_points)
        if (const auto s = host().toScreen(p)) painter.drawRect(QRectF(s->x() - 3.5, s->y() - 3.5, 7, 7));
}

} // namespace railforge::app
