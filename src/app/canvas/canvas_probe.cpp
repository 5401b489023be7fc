#include "app/canvas/canvas_probe.h"

#include "app/canvas/level_view.h"

#include <QQmlEngine>

namespace railforge::app {

CanvasProbe::CanvasProbe(LevelView &canvas) : m_canvas(canvas)
{
    // A member of the canvas, handed to QML through a property: QML must never collect it.
    QQmlEngine::setObjectOwnership(this, QQmlEngine::CppOwnership);
}

QString CanvasProbe::rail() const
{
    const auto &hit = m_session.hit();
    EditorController *controller = m_canvas.controller();
    if (!hit || !controller) return {};
    const auto &rails = controller->document()->level().rails;
    return std::size_t(hit->rail) < rails.size() ? QString::fromStdString(rails[std::size_t(hit->rail)].id) : QString();
}

QPointF CanvasProbe::point() const
{
    return m_session.hit() ? QPointF(m_session.hit()->point.x, m_session.hit()->point.y) : QPointF();
}

void CanvasProbe::redraw()
{
    emit changed();
    m_canvas.update();
}

void CanvasProbe::setRange(double range)
{
    if (m_session.setRange(range)) redraw();
}

void CanvasProbe::setStandHeight(double z)
{
    if (!m_session.setHeights(z, m_session.eyeHeight())) return;
    m_session.reprobeMarker(m_canvas.rails());
    redraw();
}

void CanvasProbe::setEyeHeight(double z)
{
    if (!m_session.setHeights(m_session.standHeight(), z)) return;
    m_session.reprobeMarker(m_canvas.rails());
    redraw();
}

void CanvasProbe::setOnGround(bool on)
{
    if (!m_session.setOnGround(on)) return;
    m_session.reprobeMarker(m_canvas.rails());
    redraw();
}

void CanvasProbe::probeAt(QPointF world, bool placeMarker)
{
    m_session.probeAt(m_canvas.rails(), world, placeMarker);
    redraw();
}

void CanvasProbe::levelChanged()
{
    if (!m_session.marker() && !m_session.active()) return;
    m_session.endHover(m_canvas.rails());
    emit changed();
}

void CanvasProbe::groundChanged()
{
    EditorController *controller = m_canvas.controller();
    if (!controller) return;
    m_session.setGround(controller->ground()->ground());
    if (m_session.reprobeMarker(m_canvas.rails())) emit changed();
}

void CanvasProbe::endHover()
{
    if (!m_session.active()) return;
    m_session.endHover(m_canvas.rails());
    emit changed();
}

void CanvasProbe::clear()
{
    m_session.clear();
    emit changed();
}

void CanvasProbe::setLabelRect(QRectF rect)
{
    if (rect == m_labelRect) return;
    m_labelRect = rect;
    emit labelRectChanged();
}

} // namespace railforge::app
