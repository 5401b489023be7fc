#include "app/tools/ruler_tool.h"

#include "app/drawing/canvas_palette.h"
#include "app/plan/canvas_hit_test.h"
#include "app/plan/overlay_painter.h"
#include "app/tools/ruler_readout.h"

#include <QPainter>

#include <cmath>

namespace railforge::app {

ToolDescription RulerTool::describe()
{
    return {EditorController::Tool::Ruler,
            "ruler",
            QT_TRANSLATE_NOOP("Tools", "Measure distance"),
            "U",
            QT_TRANSLATE_NOOP("Tools", "Drag (or click twice) to measure a distance; Esc clears"),
            Qt::CrossCursor,
            [](ToolHost &host) -> std::unique_ptr<CanvasTool> { return std::make_unique<RulerTool>(host); }};
}

void RulerTool::press(const ToolEvent &event)
{
    const QPointF p = host().snapPoint(event.world);
    if (!m_from || m_fixed) {
        m_from = p;
        m_to = p;
        m_fromZ = m_toZ = heightAt(p);
        m_fixed = false;
    } else {
        // Second click of a click-click measurement.
        m_to = p;
        m_toZ = heightAt(p);
        m_fixed = true;
    }
    m_dragging = true;
    host().hintChanged();
    host().requestUpdate();
}

void RulerTool::moveEnd(QPointF world)
{
    if (!m_from || m_fixed) return;
    m_to = host().snapPoint(world);
    m_toZ = heightAt(*m_to);
    host().hintChanged();
    host().requestUpdate();
}

void RulerTool::drag(const ToolEvent &event) { moveEnd(event.world); }

void RulerTool::hover(const ToolEvent &event) { moveEnd(event.world); }

void RulerTool::release(const ToolEvent &event)
{
    m_dragging = false;
    // A drag measured from press to release; a plain click leaves the ruler following the cursor.
    if (m_from && !m_fixed && QLineF(host().view().toScreen(*m_from), event.screen).length() > 4) {
        m_to = host().snapPoint(event.world);
        m_toZ = heightAt(*m_to);
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
    return std::hypot(m_to->x() - m_from->x(), m_to->y() - m_from->y());
}

double RulerTool::length3d() const
{
    const auto d = distance();
    return d ? std::hypot(*d, dz()) : 0.0;
}

double RulerTool::heightAt(QPointF world)
{
    // What the canvas would pick there (every kind, locked or not: measuring moves nothing).
    const document::Level &level = host().document().level();
    const RailShapes &rails = host().rails();
    const auto hit = hitTest(level, rails, host().view(), host().view().toScreen(world));
    if (!hit) return 0.0;
    if (hit->type == CanvasHit::Type::Waypoint)
        if (const auto at = document::findObject(level, hit->object)) return level.waypoints[at->index].position.z;
    if (hit->type != CanvasHit::Type::RailPoint && hit->type != CanvasHit::Type::RailCurve) return 0.0;
    const auto at = document::findObject(level, hit->object);
    if (!at) return 0.0;
    if (hit->type == CanvasHit::Type::RailPoint) return level.rails[at->index].points[hit->point].z;
    const core::ArcLengthTable &table = rails.table(at->index);
    return core::sampleAt(table, core::arcLengthAt(table, {hit->point, hit->u})).position.z;
}

QString RulerTool::hint() const
{
    if (!distance()) return {};
    return rulerReadout({m_from->x(), m_from->y(), m_fromZ}, {m_to->x(), m_to->y(), m_toZ},
                        displayDecimals(host().view().scale));
}

void RulerTool::paintOverlay(QPainter &painter) const
{
    const auto d = distance();
    if (!d) return;
    const QPointF a = host().view().toScreen(*m_from);
    const QPointF b = host().view().toScreen(*m_to);
    painter.setPen(QPen(palette::ruler, 1.5, Qt::DashLine));
    painter.drawLine(a, b);
    painter.setPen(QPen(palette::ruler, 1.5));
    for (const QPointF &end : {a, b}) {
        painter.drawLine(end + QPointF(-5, 0), end + QPointF(5, 0));
        painter.drawLine(end + QPointF(0, -5), end + QPointF(0, 5));
    }
    const int decimals = displayDecimals(host().view().scale);
    QString label = QString::number(*d, 'f', decimals);
    if (dz() != 0.0)
        label += QObject::tr("   dz %1  3D %2")
                     .arg(QString::number(dz(), 'f', decimals).prepend(dz() > 0 ? "+" : ""),
                          QString::number(length3d(), 'f', decimals));
    paintReadout(painter, (a + b) / 2 + QPointF(8, 4), label, palette::ruler);
}

} // namespace railforge::app
