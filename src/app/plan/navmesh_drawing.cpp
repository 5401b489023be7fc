#include "app/plan/navmesh_drawing.h"

#include "app/drawing/canvas_palette.h"

#include <QPolygonF>

namespace railforge::app {

void NavMeshDrawing::update(const std::shared_ptr<const nav::NavMesh> &mesh)
{
    if (mesh.get() == m_mesh && (!mesh || mesh->revision() == m_revision)) return;
    m_mesh = mesh.get();
    m_fill = {};
    m_outline = {};
    if (!mesh) return;
    m_revision = mesh->revision();
    m_fill.setFillRule(Qt::WindingFill);
    for (const nav::NavPolygon &p : mesh->polygons()) {
        QPolygonF polygon;
        for (const core::Vec3 &c : p.corners) polygon << QPointF(c.x, c.y);
        polygon << polygon.front();
        m_fill.addPolygon(polygon);
    }
    for (const auto &[a, b] : mesh->boundary()) {
        m_outline.moveTo(a.x, a.y);
        m_outline.lineTo(b.x, b.y);
    }
}

void NavMeshDrawing::paint(QPainter &painter, const ViewTransform &view) const
{
    if (m_fill.isEmpty()) return;
    painter.save();
    // World to screen (view_transform.h): y points up in the world, down on the screen.
    const double s = view.scale;
    painter.setTransform(QTransform(s, 0, 0, -s, view.viewport.width() / 2 - view.center.x() * s,
                                    view.viewport.height() / 2 + view.center.y() * s),
                         true);
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette::navmeshFill);
    painter.drawPath(m_fill);
    QPen outline(palette::navmeshOutline, 1.5);
    outline.setCosmetic(true); // pixels, whatever the zoom
    painter.setPen(outline);
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(m_outline);
    painter.restore();
}

} // namespace railforge::app
