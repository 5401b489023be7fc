#include "app/plan/plan_bounds.h"

#include <algorithm>

namespace railforge::app {

QRectF planBounds(const document::Level &level, const core::PlanBox *ground)
{
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
    // Images and heightmaps cover their rectangles: Fit shows the level they were laid over.
    for (const auto &r : level.references)
        if (r.kind != document::ReferenceKind::Mesh && r.visible) {
            include(r.rect[0], r.rect[1]);
            include(r.rect[2], r.rect[3]);
        }
    // The ground as read (a level authored over a terrain mesh may have nothing else yet).
    if (ground && !ground->empty()) {
        include(ground->x0, ground->y0);
        include(ground->x1, ground->y1);
    }
    QRectF bounds = any ? QRectF(QPointF(minX, minY), QPointF(maxX, maxY)) : QRectF(-10, -10, 20, 20);
    if (bounds.width() < 1 && bounds.height() < 1) bounds.adjust(-5, -5, 5, 5);
    return bounds;
}

} // namespace railforge::app
