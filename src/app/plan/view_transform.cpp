#include "app/plan/view_transform.h"

#include <algorithm>

namespace railforge::app {

void ViewTransform::zoomAt(QPointF screen, double factor, double minScale, double maxScale)
{
    const QPointF anchor = toWorld(screen);
    scale = std::clamp(scale * factor, minScale, maxScale);
    // Move the center so that `anchor` maps back to `screen`.
    center = QPointF(anchor.x() - (screen.x() - viewport.width() / 2) / scale,
                     anchor.y() + (screen.y() - viewport.height() / 2) / scale);
}

void ViewTransform::fit(const QRectF &world, double marginPixels, double minScale, double maxScale)
{
    center = world.center();
    const double w = std::max(world.width(), 1e-9);
    const double h = std::max(world.height(), 1e-9);
    const double availableW = std::max(viewport.width() - 2 * marginPixels, 10.0);
    const double availableH = std::max(viewport.height() - 2 * marginPixels, 10.0);
    scale = std::clamp(std::min(availableW / w, availableH / h), minScale, maxScale);
}

} // namespace railforge::app
