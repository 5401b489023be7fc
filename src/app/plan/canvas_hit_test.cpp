#include "app/plan/canvas_hit_test.h"

#include "document/editing/point_handle.h"

#include <cmath>
#include <unordered_map>

namespace railforge::app {
double distanceToSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + ab * t);
    return std::hypot(d.x(), d.y());
}

bool insidePolygon(const std::vector<document::Point2> &polygon, QPointF p)
{
    bool inside = false;
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
        const auto &a = polygon[i];
        const auto &b = polygon[j];
        if ((a.y > p.y()) != (b.y > p.y()) && p.x() < (b.x - a.x) * (p.y() - a.y) / (b.y - a.y) + a.x) inside = !inside;
    }
    return inside;
}

namespace {

bool pickable(const KindLayers *layers, document::ObjectKind kind) { return !layers || layers->pickable(kind); }

} // namespace

std::optional<std::string> waypointAt(const document::Level &level, const ViewTransform &view, QPointF screen,
                                      const KindLayers *layers)
{
    if (!pickable(layers, document::ObjectKind::Waypoint)) return std::nullopt;
    double best = kPickPixels;
    std::optional<std::string> id;
    for (const auto &w : level.waypoints) {
        const QPointF d = view.toScreen({w.position.x, w.position.y}) - screen;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= best) {
            best = distance;
            id = w.id;
        }
    }
    return id;
}

std::optional<CanvasHit> hitTest(const document::Level &level, const RailShapes &rails, const ViewTransform &view,
                                 QPointF screen, const KindLayers *layers, const Selection *selection)
{
    using document::ObjectKind;
    double best = kPickPixels;
    std::optional<CanvasHit> hit;
    const bool railsPickable = pickable(layers, ObjectKind::Rail);
    // The active point's handles first: they are what the designer just asked to see.
    if (railsPickable && selection && selection->railPoint() >= 0) {
        if (auto at = document::findObject(level, selection->railPointRail())) {
            const auto &rail = level.rails[at->index];
            const auto point = std::size_t(selection->railPoint());
            for (const document::ShownHandle &h : document::shownHandleTips(rail, point)) {
                const QPointF d = view.toScreen({h.tip.x, h.tip.y}) - screen;
                const double distance = std::hypot(d.x(), d.y());
                if (distance <= best) {
                    best = distance;
                    hit = CanvasHit{CanvasHit::Type::RailHandle,
                                    {ObjectKind::Rail, rail.id},
                                    point,
                                    0,
                                    h.side == document::HandleSide::Out};
                }
            }
        }
    }
    // Rail control points next: they sit on top and are the smallest targets; over a handle only when nearer.
    const bool overHandle = hit.has_value();
    if (railsPickable) {
        for (const auto &rail : level.rails) {
            for (std::size_t i = 0; i < rail.points.size(); ++i) {
                const QPointF d = view.toScreen({rail.points[i].x, rail.points[i].y}) - screen;
                const double distance = std::max(std::abs(d.x()), std::abs(d.y()));
                if (overHandle ? distance < best : distance <= best) {
                    best = distance;
                    hit = CanvasHit{CanvasHit::Type::RailPoint, {ObjectKind::Rail, rail.id}, i, 0};
                }
            }
        }
    }
    if (hit) return hit;
    if (auto w = waypointAt(level, view, screen, layers))
        return CanvasHit{CanvasHit::Type::Waypoint, {ObjectKind::Waypoint, *w}, 0, 0};

    const QPointF world = view.toWorld(screen);
    if (auto near = railsPickable ? rails.planIndex().nearest({world.x(), world.y(), 0.0}) : std::nullopt) {
        const QPointF onScreen = view.toScreen({near->point.x, near->point.y});
        if (std::hypot(onScreen.x() - screen.x(), onScreen.y() - screen.y()) <= kPickPixels)
            return CanvasHit{CanvasHit::Type::RailCurve,
                             {ObjectKind::Rail, level.rails[std::size_t(near->rail)].id},
                             near->segment,
                             near->u};
    }
    std::unordered_map<std::string, QPointF> positions;
    for (const auto &w : level.waypoints) positions.emplace(w.id, view.toScreen({w.position.x, w.position.y}));
    if (pickable(layers, ObjectKind::Edge)) {
        for (const auto &e : level.edges) {
            auto a = positions.find(e.from), b = positions.find(e.to);
            if (a == positions.end() || b == positions.end()) continue;
            if (distanceToSegment(screen, a->second, b->second) <= kPickPixels / 2)
                return CanvasHit{CanvasHit::Type::Edge, {ObjectKind::Edge, document::edgeId(e)}, 0, 0};
        }
    }
    if (!pickable(layers, ObjectKind::Obstacle)) return std::nullopt;
    for (auto o = level.obstacles.rbegin(); o != level.obstacles.rend(); ++o) {
        const bool inside =
            o->shape == document::Obstacle::Shape::Circle
                ? std::hypot(world.x() - o->circle.center.x, world.y() - o->circle.center.y) <= o->circle.radius
                : o->polygon.size() >= 3 && insidePolygon(o->polygon, world);
        if (inside) return CanvasHit{CanvasHit::Type::Obstacle, {ObjectKind::Obstacle, o->id}, 0, 0};
    }
    return std::nullopt;
}

} // namespace railforge::app
