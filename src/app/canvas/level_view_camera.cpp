// LevelView's camera over the plan: zoom and centre, fitting the level (and keeping it fitted as the
// canvas resizes until the designer zooms), the viewport following the item's size.
#include "app/canvas/level_view.h"
#include "app/plan/plan_bounds.h"

#include <QFont>
#include <QFontMetricsF>

#include <algorithm>

namespace railforge::app {

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
    // Waypoint labels are drawn right of their waypoints: leave room for the longest one, so Fit
    // never cuts a label at the canvas edge.
    double labelRoom = 0;
    if (m_controller) {
        const QFontMetricsF metrics{QFont()};
        for (const auto &w : m_controller->document()->level().waypoints)
            labelRoom = std::max(labelRoom, metrics.horizontalAdvance(QString::fromStdString(w.id)));
    }
    // A short canvas (a small window over the profile panel) keeps most of itself for the level.
    const double margin = std::min(48.0 + labelRoom, 0.3 * std::min(width(), height()));
    std::optional<core::PlanBox> ground;
    if (m_controller && m_controller->ground()->hasGround()) ground = m_controller->ground()->ground()->bounds();
    m_view.fit(m_controller ? planBounds(m_controller->document()->level(), ground ? &*ground : nullptr)
                            : planBounds({}),
               margin, kMinZoom, kMaxZoom);
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

void LevelView::geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry)
{
    QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
    m_view.viewport = newGeometry.size();
    if (m_autoFit && newGeometry.width() > 0 && newGeometry.height() > 0)
        fitToLevel();
    else
        emit viewChanged();
}

} // namespace railforge::app
