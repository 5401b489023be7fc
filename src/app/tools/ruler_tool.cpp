#include "app/tools/ruler_tool.h"

#include "app/drawing/canvas_palette.h"
#include "app/plan/canvas_hit_test.h"
#include "app/plan/overlay_painter.h"
#include "app/tools/ruler_readout.h"
#include "document/editing/level_document.h"

#include <QPainter>

#include <cmath>

namespace railforge::app {

ToolDescription RulerTool::describe()
{
    return {"ruler",
            QT_TRANSLATE_NOOP("Tools", "Measure distance"),
            "U",
            QT_TRANSLATE_NOOP("Tools", "Drag (or click twice) to measure a distance; Esc clears"),
            Qt::CrossCursor,
            &makePlanTool<RulerTool>,
            &makeAnyViewTool<RulerTool>};
}

void RulerTool::press(const ToolEvent &event)
{
    const core::Vec3 p = endAt(event);
    if (!m_from || m_fixed) {
        m_from = m_to = p;
        m_fixed = false;
    } else {
        // Second click of a click-click measurement.
        m_to = p;
        m_fixed = true;
    }
    host().hintChanged();
    host().requestUpdate();
}

void RulerTool::moveEnd(const ToolEvent &event)
{
    if (!m_from || m_fixed) return;
    m_to = endAt(event);
    host().hintChanged();
    host().requestUpdate();
}

void RulerTool::drag(const ToolEvent &event) { moveEnd(event); }

void RulerTool::hover(const ToolEvent &event) { moveEnd(event); }

void RulerTool::release(const ToolEvent &event)
{
    // A drag measured from press to release; a plain click leaves the ruler following the cursor.
    const auto from = m_from ? host().toScreen(*m_from) : std::nullopt;
    if (from && !m_fixed && QLineF(*from, event.screen).length() > 4) {
        m_to = endAt(event);
        m_fixed = true;
        host().hintChanged();
        host().requestUpdate();
    }
}

bool RulerTool::cancel()
{
    if (!m_from) return false;
    m_from.reset();
    m_to.reset();
    m_fixed = false;
    host().hintChanged();
    host().requestUpdate();
    return true;
}

std::optional<double> RulerTool::distance() const
{
    if (!m_from || !m_to) return std::nullopt;
    return std::hypot(m_to->x - m_from->x, m_to->y - m_from->y);
}

double RulerTool::length3d() const
{
    const auto d = distance();
    return d ? std::hypot(*d, dz()) : 0.0;
}

core::Vec3 RulerTool::endAt(const ToolEvent &event) const
{
    const document::Level &level = host().level();
    const QPointF p = host().snapPoint(event.world);
    const core::Vec3 ground{p.x(), p.y(), host().groundHeight(p)};
    const auto hit = host().pickAt(event.screen, nullptr, nullptr);
    if (!hit) return ground;
    const auto at = document::findObject(level, hit->object);
    if (!at) return ground;
    switch (hit->type) {
    case CanvasHit::Type::Waypoint: return level.waypoints[at->index].position;
    case CanvasHit::Type::RailPoint: return level.rails[at->index].points[hit->point];
    case CanvasHit::Type::RailCurve: {
        const auto geometry = host().document().railGeometry(at->index);
        const double s = core::arcLengthAt(geometry->table(), {hit->point, hit->u});
        return {p.x(), p.y(), core::sampleAt(geometry->table(), s).position.z};
    }
    case CanvasHit::Type::RailHandle:
    case CanvasHit::Type::Edge:
    case CanvasHit::Type::Obstacle: return ground;
    }
    return ground;
}

QString RulerTool::hint() const
{
    if (!distance()) return {};
    return rulerReadout(*m_from, *m_to, host().readoutDecimals());
}

CanvasTool::Draft RulerTool::draft() const
{
    Draft out;
    if (!m_from || !m_to) return out;
    out.line = {*m_from, *m_to};
    out.placed = m_fixed ? 2 : 1;
    out.readout = hint();
    out.measuring = true;
    return out;
}

void RulerTool::paintOverlay(QPainter &painter) const
{
    const auto d = distance();
    if (!d) return;
    const auto a = host().toScreen(*m_from), b = host().toScreen(*m_to);
    if (!a || !b) return;
    painter.setPen(QPen(palette::ruler, 1.5, Qt::DashLine));
    painter.drawLine(*a, *b);
    painter.setPen(QPen(palette::ruler, 1.5));
    for (const QPointF &end : {*a, *b}) {
        painter.drawLine(end + QPointF(-5, 0), end + QPointF(5, 0));
        painter.drawLine(end + QPointF(0, -5), end + QPointF(0, 5));
    }
    const int decimals = host().readoutDecimals();
    QString label = QString::number(*d, 'f', decimals);
    if (dz() != 0.0)
        label += QObject::tr("   dz %1  3D %2")
                     .arg(QString::number(dz(), 'f', decimals).prepend(dz() > 0 ? "+" : ""),
                          QString::number(length3d(), 'f', decimals));
    paintReadout(painter, (*a + *b) / 2 + QPointF(8, 4), label, palette::ruler);
}

} // namespace railforge::app
