// LevelView's input: the wheel zooms, the middle button or Space+drag pans, and every other mouse,
// hover and key event goes to the active tool (level_view.cpp holds the state and the painting).
#include "app/canvas/level_view.h"
#include "app/plan/canvas_hit_test.h"
#include "app/tools/tool_registry.h"

#include <QCursor>

#include <cmath>

namespace railforge::app {

void LevelView::wheelEvent(QWheelEvent *event)
{
    // 120 units = one notch = x1.2; trackpads send smaller steps.
    const double notches = event->angleDelta().y() / 120.0;
    if (notches != 0.0) zoomAt(event->position(), std::pow(1.2, notches));
    updateCursor(event->position());
    event->accept();
}

void LevelView::mousePressEvent(QMouseEvent *event)
{
    forceActiveFocus(Qt::MouseFocusReason);
    const bool pan = event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld);
    if (pan) {
        m_panLast = event->position();
        m_autoFit = false;
        setPanning(true);
        event->accept();
        return;
    }
    if (event->button() == Qt::RightButton) {
        if (CanvasTool *tool = activeTool())
            tool->secondaryPress(toolEvent(event->position(), event->button(), event->modifiers()));
        event->accept();
        return;
    }
    if (event->button() != Qt::LeftButton) {
        event->ignore();
        return;
    }
    if (CanvasTool *tool = activeTool()) {
        m_toolDragging = true;
        tool->press(toolEvent(event->position(), event->button(), event->modifiers()));
    }
    event->accept();
}

void LevelView::mouseMoveEvent(QMouseEvent *event)
{
    updateCursor(event->position());
    if (m_panning) {
        const QPointF delta = event->position() - m_panLast;
        m_panLast = event->position();
        setCenter(m_view.center + QPointF(-delta.x() / m_view.scale, delta.y() / m_view.scale));
        return;
    }
    if (m_toolDragging)
        if (CanvasTool *tool = activeTool())
            tool->drag(toolEvent(event->position(), Qt::LeftButton, event->modifiers()));
}

void LevelView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) {
        setPanning(false);
    } else if (m_toolDragging && event->button() == Qt::LeftButton) {
        m_toolDragging = false;
        if (CanvasTool *tool = activeTool())
            tool->release(toolEvent(event->position(), event->button(), event->modifiers()));
    }
    event->accept();
}

void LevelView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_spaceHeld) return;
    if (CanvasTool *tool = activeTool())
        tool->doubleClick(toolEvent(event->position(), event->button(), event->modifiers()));
    event->accept();
}

void LevelView::hoverEnterEvent(QHoverEvent *event) { updateCursor(event->position()); }

void LevelView::hoverMoveEvent(QHoverEvent *event)
{
    updateCursor(event->position());
    if (CanvasTool *tool = activeTool()) tool->hover(toolEvent(event->position(), Qt::NoButton, event->modifiers()));
}

void LevelView::hoverLeaveEvent(QHoverEvent *)
{
    m_cursorInside = false;
    emit cursorWorldChanged();
    if (m_controller && m_controller->cursor()->source() == QLatin1String("plan")) m_controller->cursor()->clear();
    if (!m_hoveredId.isEmpty()) {
        m_hoveredId.clear();
        emit hoveredIdChanged();
        update();
    }
}

void LevelView::setHoveredId(const QString &id)
{
    if (id == m_hoveredId) return;
    m_hoveredId = id;
    emit hoveredIdChanged();
    update();
}

void LevelView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            setCursor(Qt::OpenHandCursor);
        }
        event->accept();
        return;
    }
    event->ignore();
}

void LevelView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = false;
            showToolCursor();
        }
        event->accept();
        return;
    }
    event->ignore();
}

void LevelView::updateCursor(QPointF screen)
{
    m_cursorWorld = m_view.toWorld(screen);
    m_cursorInside = true;
    emit cursorWorldChanged();
    placeProfileCursor(screen);
    const auto hovered =
        m_controller ? waypointAt(m_controller->document()->level(), m_view, screen, layers()) : std::nullopt;
    const QString id = hovered ? QString::fromStdString(*hovered) : QString();
    if (id != m_hoveredId) {
        m_hoveredId = id;
        emit hoveredIdChanged();
        update();
    }
}

void LevelView::showToolCursor()
{
    if (m_panning || m_spaceHeld) return; // the hand stays while panning
    const ToolDescription *description = m_controller ? findTool(m_controller->tool()) : nullptr;
    const auto shape = description ? description->cursor : Qt::ArrowCursor;
    if (cursor().shape() == shape) return;
    setCursor(shape);
    emit cursorShapeChanged();
}

void LevelView::setPanning(bool panning)
{
    m_panning = panning;
    if (panning)
        setCursor(Qt::ClosedHandCursor);
    else if (m_spaceHeld)
        setCursor(Qt::OpenHandCursor);
    else
        showToolCursor();
    emit panningChanged();
}

} // namespace railforge::app
