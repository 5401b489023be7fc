#include "app/view3d/scene_pick.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace railforge::app {
namespace {

using core::Vec3;

// The part of segment ab a perspective camera sees (in front of its near depth), projected.
std::optional<std::pair<QPointF, QPointF>> projectSegment(const SceneCamera &camera, QSizeF viewport, Vec3 a, Vec3 b)
{
    if (!camera.orthographic) {
        const double da = core::dot(a - camera.position, camera.forward);
        const double db = core::dot(b - camera.position, camera.forward);
        const double near = 2 * kNearDepth;
        if (da < near && db < near) return std::nullopt;
        if (da < near)
            a = a + (b - a) * ((near - da) / (db - da));
        else if (db < near)
            b = b + (a - b) * ((near - db) / (da - db));
    }
    auto pa = project(camera, viewport, a), pb = project(camera, viewport, b);
    if (!pa || !pb) return std::nullopt;
    return std::pair{pa->at, pb->at};
}

// Where (as a ray parameter) the ray's part between heights z0 and z1, seen from above, first
// touches the obstacle: the plan segment from the ray at t0 to t1 against the shape.
std::optional<double> rayEntersObstacle(const Ray &ray, const document::Obstacle &o, double z0, double z1)
{
    constexpr double kFar = 1e7;
    double t0 = 0, t1 = kFar;
    if (std::abs(ray.direction.z) > 1e-12) {
        double a = (z0 - ray.origin.z) / ray.direction.z, b = (z1 - ray.origin.z) / ray.direction.z;
        if (a > b) std::swap(a, b);
        t0 = std::max(t0, a);
        t1 = std::min(t1, b);
    } else if (ray.origin.z < z0 || ray.origin.z > z1) {
        return std::nullopt;
    }
    if (t0 > t1) return std::nullopt;
    const Vec3 p = ray.origin + ray.direction * t0, q = ray.origin + ray.direction * t1;
    const double dx = q.x - p.x, dy = q.y - p.y;
    if (o.shape == document::Obstacle::Shape::Circle) {
        // First t in [0, 1] on p + (q - p) t within the radius of the centre.
        const double fx = p.x - o.circle.center.x, fy = p.y - o.circle.center.y;
        const double a = dx * dx + dy * dy, b = 2 * (fx * dx + fy * dy);
        const double c = fx * fx + fy * fy - o.circle.radius * o.circle.radius;
        if (c <= 0) return t0;
        if (a <= 0) return std::nullopt;
        const double disc = b * b - 4 * a * c;
        if (disc < 0) return std::nullopt;
        const double u = (-b - std::sqrt(disc)) / (2 * a);
        if (u < 0 || u > 1) return std::nullopt;
        return t0 + (t1 - t0) * u;
    }
    if (o.polygon.size() < 3) return std::nullopt;
    if (insidePolygon(o.polygon, QPointF(p.x, p.y))) return t0;
    // The first crossing of the plan segment with an edge of the polygon.
    std::optional<double> first;
    for (std::size_t i = 0, j = o.polygon.size() - 1; i < o.polygon.size(); j = i++) {
        const double ex = o.polygon[i].x - o.polygon[j].x, ey = o.polygon[i].y - o.polygon[j].y;
        const double denom = dx * ey - dy * ex;
        if (std::abs(denom) < 1e-300) continue;
        const double wx = o.polygon[j].x - p.x, wy = o.polygon[j].y - p.y;
        const double u = (wx * ey - wy * ex) / denom; // along the ray's plan segment
        const double v = (wx * dy - wy * dx) / denom; // along the polygon's edge
        if (u >= 0 && u <= 1 && v >= 0 && v <= 1) first = std::min(first.value_or(u), u);
    }
    if (!first) return std::nullopt;
    return t0 + (t1 - t0) * *first;
}

double screenDistance(const RailSamples &rail, const SceneCamera &camera, QSizeF viewport, QPointF screen, double s)
{
    const auto p = project(camera, viewport, core::sampleAt(rail.table(), s).position);
    if (!p) return std::numeric_limits<double>::infinity();
    return std::hypot(p->at.x() - screen.x(), p->at.y() - screen.y());
}

} // namespace

std::optional<CurvePick> nearestOnRail(const RailSamples &rail, const SceneCamera &camera, QSizeF viewport,
                                       QPointF screen)
{
    const auto &rows = rail.rows;
    if (rows.size() < 2) return std::nullopt;
    // Cull: the distance to each projected chord between rows.
    std::vector<double> chord(rows.size() - 1, std::numeric_limits<double>::infinity());
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
        if (auto seg = projectSegment(camera, viewport, rows[i].position, rows[i + 1].position)) {
            chord[i] = distanceToSegment(screen, seg->first, seg->second);
            best = std::min(best, chord[i]);
        }
    }
    if (!std::isfinite(best)) return std::nullopt;
    // Refine: a golden-section search on the exact curve around every chord nearly as near as the
    // nearest (the chords stray from the curve by a fraction of a pixel at the view's row spacing).
    constexpr double kSlackPixels = 2.0;
    std::optional<CurvePick> result;
    for (std::size_t i = 0; i < chord.size(); ++i) {
        if (chord[i] > best + kSlackPixels) continue;
        double lo = rows[i > 0 ? i - 1 : 0].s, hi = rows[std::min(i + 2, rows.size() - 1)].s;
        constexpr double kInvPhi = 0.6180339887498949;
        double a = hi - kInvPhi * (hi - lo), b = lo + kInvPhi * (hi - lo);
        double fa = screenDistance(rail, camera, viewport, screen, a),
               fb = screenDistance(rail, camera, viewport, screen, b);
        for (int step = 0; step < 60 && hi - lo > 1e-12 * std::max(1.0, rail.length); ++step) {
            if (fa <= fb) {
                hi = b;
                b = a;
                fb = fa;
                a = hi - kInvPhi * (hi - lo);
                fa = screenDistance(rail, camera, viewport, screen, a);
            } else {
                lo = a;
                a = b;
                fa = fb;
                b = lo + kInvPhi * (hi - lo);
                fb = screenDistance(rail, camera, viewport, screen, b);
            }
        }
        const double s = (lo + hi) / 2;
        const double d = screenDistance(rail, camera, viewport, screen, s);
        if (!result || d < result->pixels) result = CurvePick{d, s};
    }
    return result;
}

std::optional<CanvasHit> pickScene(const PickScene &scene, const SceneCamera &camera, QSizeF viewport, QPointF screen,
                                   const KindLayers *layers)
{
    using document::ObjectKind;
    const document::Level &level = *scene.level;
    auto pickable = [&](ObjectKind kind) { return !layers || layers->pickable(kind); };
    double best = kPickPixels;
    std::optional<CanvasHit> hit;
    if (pickable(ObjectKind::Rail)) {
        for (std::size_t r = 0; r < level.rails.size(); ++r) {
            if (r < scene.pointsShown.size() && !scene.pointsShown[r]) continue;
            const auto &rail = level.rails[r];
            for (std::size_t i = 0; i < rail.points.size(); ++i) {
                const auto p = project(camera, viewport, {rail.points[i].x, rail.points[i].y, rail.points[i].z});
                if (!p) continue;
                const QPointF d = p->at - screen;
                const double distance = std::max(std::abs(d.x()), std::abs(d.y()));
                if (distance <= best) {
                    best = distance;
                    hit = CanvasHit{CanvasHit::Type::RailPoint, {ObjectKind::Rail, rail.id}, i, 0};
                    hit->at = rail.points[i];
                }
            }
        }
    }
    if (hit) return hit;
    std::unordered_map<std::string, std::optional<ScreenPoint>> waypoints;
    const bool needWaypoints = pickable(ObjectKind::Waypoint) || pickable(ObjectKind::Edge);
    if (needWaypoints)
        for (const auto &w : level.waypoints)
            waypoints.emplace(w.id, project(camera, viewport, {w.position.x, w.position.y, w.position.z}));
    if (pickable(ObjectKind::Waypoint)) {
        for (const auto &w : level.waypoints) {
            const auto &p = waypoints[w.id];
            if (!p) continue;
            const double distance = std::hypot(p->at.x() - screen.x(), p->at.y() - screen.y());
            if (distance <= best) {
                best = distance;
                hit = CanvasHit{CanvasHit::Type::Waypoint, {ObjectKind::Waypoint, w.id}, 0, 0};
                hit->at = w.position;
            }
        }
        if (hit) return hit;
    }
    if (pickable(ObjectKind::Rail)) {
        std::optional<std::pair<std::size_t, CurvePick>> nearest;
        for (std::size_t r = 0; r < level.rails.size() && r < scene.rails.size(); ++r) {
            if (!scene.rails[r]) continue;
            if (auto near = nearestOnRail(*scene.rails[r], camera, viewport, screen))
                if (!nearest || near->pixels < nearest->second.pixels) nearest = std::pair{r, *near};
        }
        if (nearest && nearest->second.pixels <= kPickPixels) {
            const core::ArcLengthTable &table = scene.rails[nearest->first]->table();
            const auto at = core::locate(table, nearest->second.s);
            CanvasHit curve{
                CanvasHit::Type::RailCurve, {ObjectKind::Rail, level.rails[nearest->first].id}, at.segment, at.u};
            curve.at = core::sampleAt(table, nearest->second.s).position;
            return curve;
        }
    }
    if (pickable(ObjectKind::Edge)) {
        std::unordered_map<std::string, Vec3> positions;
        for (const auto &w : level.waypoints) positions.emplace(w.id, Vec3{w.position.x, w.position.y, w.position.z});
        for (const auto &e : level.edges) {
            auto a = positions.find(e.from), b = positions.find(e.to);
            if (a == positions.end() || b == positions.end()) continue;
            const auto seg = projectSegment(camera, viewport, a->second, b->second);
            if (seg && distanceToSegment(screen, seg->first, seg->second) <= kPickPixels / 2)
                return CanvasHit{CanvasHit::Type::Edge, {ObjectKind::Edge, document::edgeId(e)}, 0, 0};
        }
    }
    if (!pickable(ObjectKind::Obstacle)) return std::nullopt;
    const Ray ray = rayThrough(camera, viewport, screen);
    std::optional<std::pair<double, std::size_t>> first;
    for (std::size_t i = 0; i < level.obstacles.size(); ++i) {
        const auto t = rayEntersObstacle(ray, level.obstacles[i], scene.obstacleBottom, scene.obstacleTop);
        if (t && (!first || *t <= first->first)) first = std::pair{*t, i};
    }
    if (!first) return std::nullopt;
    return CanvasHit{CanvasHit::Type::Obstacle, {ObjectKind::Obstacle, level.obstacles[first->second].id}, 0, 0};
}

} // namespace railforge::app
