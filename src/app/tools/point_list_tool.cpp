#include "app/tools/point_list_tool.h"

#include "app/drawing/canvas_palette.h"

#include <QPainter>

namespace railforge::app {

void PointListTool::hover(const ToolEvent &event)
{
    m_cursorWorld = host().snapPoint(event.world);
    m_hasCursor = true;
    if (!m_points.empty()) host().requestUpdate();
}

void PointListTool::addPoint(QPointF world)
{
    // A double-click sends a press first: do not add the same point twice.
    if (!m_points.empty() && m_points.back() == world) return;
    m_points.push_back(world);
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

void PointListTool::paintOverlay(QPainter &painter) const
{
    if (m_points.empty()) return;
    QPolygonF line;
    for (const QPointF &p : m_points) line << host().view().toScreen(p);
    if (m_hasCursor) line << host().view().toScreen(m_cursorWorld);
    if (previewClosed() && line.size() > 2) line << line.front();
    painter.setPen(QPen(palette::draft, 1.5, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawPolyline(line);
    painter.setPen(QPen(Qt::white, 1.2));
    painter.setBrush(palette::rail);
    for (const QPointF &p : m_points) {
        const QPointF s = host().view().toScreen(p);
        painter.drawRect(QRectF(s.x() - 3.5, s.y() - 3.5, 7, 7));
    }
}

} // namespace railforge::app
