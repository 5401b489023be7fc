#include "app/level_view.h"

#include "app/canvas_palette.h"
#include "app/level_painter.h"

#include <QCursor>
#include <QPainter>
#include <QtMath>

#include <limits>

namespace railforge::app {

LevelView::LevelView(QQuickItem *parent) : QQuickPaintedItem(parent)
{
    setAcceptedMouseButtons(Qt::LeftButton | Qt::MiddleButton | Qt::RightButton);
    setAcceptHoverEvents(true);
    setFlag(ItemAcceptsInputMethod, false);
    setActiveFocusOnTab(true);
    setAntialiasing(true);
    setFillColor(palette::background);
    setOpaquePainting(true);
}

void LevelView::setDocument(document::LevelDocument *document)
{
    if (m_document == document) return;
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        connect(m_document, &document::LevelDocument::levelChanged, this, [this] { update(); });
        connect(m_document, &document::LevelDocument::filePathChanged, this, &LevelView::onLevelChanged);
    }
    onLevelChanged();
    emit documentChanged();
}

void LevelView::onLevelChanged()
{
    // A newly opened file is framed, and stays framed while the window settles its size.
    m_autoFit = true;
    if (width() > 0 && height() > 0) fitToLevel();
    update();
}

void LevelView::setZoom(double zoom)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    if (qFuzzyCompare(zoom, m_view.scale)) return;
    m_view.scale = zoom;
    emit viewChanged();
    update();
}

void LevelView::setCenter(QPointF center)
{
    if (center == m_view.center) return;
    m_view.center = center;
    emit viewChanged();
    update();
}

void LevelView::fitToLevel()
{
    m_autoFit = true;
    // Min/max by hand: QRectF::united ignores zero-size rectangles, i.e. single points.
    double minX = 0, minY = 0, maxX = 0, maxY = 0;
    bool any = false;
    auto include = [&](double x, double y) {
        minX = any ? std::min(minX, x) : x;
        minY = any ? std::min(minY, y) : y;
        maxX = any ? std::max(maxX, x) : x;
        maxY = any ? std::max(maxY, y) : y;
        any = true;
    };
    if (m_document) {
        const auto &level = m_document->level();
        for (const auto &w : level.waypoints) include(w.position.x, w.position.y);
        for (const auto &r : level.rails)
            for (const auto &p : r.points) include(p.x, p.y);
        for (const auto &o : level.obstacles) {
            if (o.shape == document::Obstacle::Shape::Circle) {
                include(o.circle.center.x - o.circle.radius, o.circle.center.y - o.circle.radius);
                include(o.circle.center.x + o.circle.radius, o.circle.center.y + o.circle.radius);
            } else {
                for (const auto &p : o.polygon) include(p.x, p.y);
            }
        }
    }
    QRectF bounds = any ? QRectF(QPointF(minX, minY), QPointF(maxX, maxY)) : QRectF(-10, -10, 20, 20);
    if (bounds.width() < 1 && bounds.height() < 1) bounds.adjust(-5, -5, 5, 5);
    m_view.fit(bounds, 40.0, kMinZoom, kMaxZoom);
    emit viewChanged();
    update();
}

void LevelView::zoomAt(QPointF screen, double factor)
{
    m_autoFit = false;
    m_view.zoomAt(screen, factor, kMinZoom, kMaxZoom);
    emit viewChanged();
    update();
}

void LevelView::paint(QPainter *painter)
{
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    paintGrid(*painter, m_view);
    if (m_document) paintLevel(*painter, m_document->level(), PaintState{m_view, m_hoveredId});
    paintScaleBar(*painter, m_view,
                  m_document ? QString::fromStdString(m_document->level().info.units) : QStringLiteral("m"));
}

void LevelView::geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry)
{
    QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
    m_view.viewport = newGeometry.size();
    if (m_autoFit && newGeometry.width() > 0 && newGeometry.height() > 0)
        fitToLevel();
    else
        emit viewChanged();
}

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
    if (!pan) {
        event->ignore();
        return;
    }
    m_panLast = event->position();
    m_autoFit = false;
    setPanning(true);
    event->accept();
}

void LevelView::mouseMoveEvent(QMouseEvent *event)
{
    updateCursor(event->position());
    if (!m_panning) return;
    const QPointF delta = event->position() - m_panLast;
    m_panLast = event->position();
    setCenter(m_view.center + QPointF(-delta.x() / m_view.scale, delta.y() / m_view.scale));
}

void LevelView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) setPanning(false);
    event->accept();
}

void LevelView::hoverEnterEvent(QHoverEvent *event) { updateCursor(event->position()); }

void LevelView::hoverMoveEvent(QHoverEvent *event) { updateCursor(event->position()); }

void LevelView::hoverLeaveEvent(QHoverEvent *)
{
    m_cursorInside = false;
    emit cursorWorldChanged();
    if (!m_hoveredId.isEmpty()) {
        m_hoveredId.clear();
        emit hoveredIdChanged();
        update();
    }
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
            unsetCursor();
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
    const QString hovered = waypointAt(screen);
    if (hovered != m_hoveredId) {
        m_hoveredId = hovered;
        emit hoveredIdChanged();
        update();
    }
}

void LevelView::setPanning(bool panning)
{
    m_panning = panning;
    if (panning)
        setCursor(Qt::ClosedHandCursor);
    else if (m_spaceHeld)
        setCursor(Qt::OpenHandCursor);
    else
        unsetCursor();
    emit panningChanged();
}

QString LevelView::waypointAt(QPointF screen) const
{
    if (!m_document) return {};
    const double pick = palette::waypointRadius + 3.0;
    double best = pick * pick;
    QString id;
    for (const auto &w : m_document->level().waypoints) {
        const QPointF delta = m_view.toScreen({w.position.x, w.position.y}) - screen;
        const double d2 = QPointF::dotProduct(delta, delta);
        if (d2 <= best) {
            best = d2;
            id = QString::fromStdString(w.id);
        }
    }
    return id;
}

} // namespace railforge::app
