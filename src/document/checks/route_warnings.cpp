#include "document/checks/route_warnings.h"

#include "document/strategy/level_obstacle_context.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace railforge::document {
namespace {

std::string place(Vec3 p)
{
    return "(" + formatNumber(std::round(p.x * 100) / 100) + ", " + formatNumber(std::round(p.y * 100) / 100) + ")";
}

double horizontal(Vec3 a, Vec3 b) { return std::hypot(b.x - a.x, b.y - a.y); }

// Where segment ab first meets an obstacle: the middle of the first of 64 equal pieces that touches
// one (ab itself is known to).
Vec3 firstContact(const LevelObstacleContext &obstacles, Vec3 a, Vec3 b)
{
    constexpr int pieces = 64;
    for (int i = 0; i < pieces; ++i) {
        const Vec3 p = a + (b - a) * (double(i) / pieces);
        const Vec3 q = a + (b - a) * (double(i + 1) / pieces);
        if (obstacles.distance(p, q) <= 0.0) return (p + q) * 0.5;
    }
    return (a + b) * 0.5;
}

// Distance in (x, y) from p to segment ab, and where along it (0..1) the nearest point is.
double distanceToSegment(Vec3 p, Vec3 a, Vec3 b, double *along)
{
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    if (along) *along = t;
    return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

} // namespace

std::optional<RouteWarning> edgeWarning(const Edge &edge, Vec3 from, Vec3 to, const LevelObstacleContext &obstacles)
{
    if (obstacles.distance(from, to) > 0.0) return std::nullopt;
    const Vec3 at = firstContact(obstacles, from, to);
    return RouteWarning{RouteWarning::Kind::EdgeThroughObstacle,
                        {ObjectKind::Edge, edgeId(edge)},
                        at,
                        "edge " + edge.from + (edge.bidirectional ? " <-> " : " -> ") + edge.to +
                            " crosses an obstacle at " + place(at) + ": agents following the graph walk through it"};
}

std::vector<RouteWarning> edgeWarnings(const Level &level, const LevelObstacleContext &obstacles)
{
    std::unordered_map<std::string, Vec3> where;
    for (const Waypoint &w : level.waypoints) where[w.id] = w.position;
    std::vector<RouteWarning> out;
    for (const Edge &edge : level.edges) {
        const auto a = where.find(edge.from);
        const auto b = where.find(edge.to);
        if (a == where.end() || b == where.end()) continue;
        if (auto warning = edgeWarning(edge, a->second, b->second, obstacles)) out.push_back(std::move(*warning));
    }
    return out;
}

std::vector<RouteWarning> pathWarnings(const Level &level, const Patrol &patrol, const PatrolRoute &route,
                                       const LevelObstacleContext &obstacles, const RouteWarningLimits &limits)
{
    std::vector<RouteWarning> out;
    if (!route.ok() || route.smoothed.size() < 2) return out;
    const ObjectId id{ObjectKind::Patrol, patrol.id};
    const std::string name = "patrol '" + patrol.id + "'";
    const auto &path = route.smoothed;

    // Through an obstacle: the first smoothed segment that touches one.
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        if (obstacles.distance(path[i], path[i + 1]) > 0.0) continue;
        const Vec3 at = firstContact(obstacles, path[i], path[i + 1]);
        out.push_back({RouteWarning::Kind::PathThroughObstacle, id, at,
                       name + ": its smoothed path crosses an obstacle at " + place(at)});
        break;
    }

    // Against a one-way edge: a stretch longer than `alongEdge` that stays within `alongEdge` of a
    // one-way edge while heading the other way. (A* never does this; a smoothing step can.)
    std::unordered_map<std::string, Vec3> where;
    for (const Waypoint &w : level.waypoints) where[w.id] = w.position;
    const double tol = limits.alongEdge;
    bool against = false;
    for (const Edge &edge : level.edges) {
        if (edge.bidirectional || against) continue;
        const auto from = where.find(edge.from);
        const auto to = where.find(edge.to);
        if (from == where.end() || to == where.end()) continue;
        const Vec3 e0 = from->second, e1 = to->second;
        const double edgeLength = horizontal(e0, e1);
        if (edgeLength <= tol) continue;
        const double ux = (e1.x - e0.x) / edgeLength, uy = (e1.y - e0.y) / edgeLength;
        for (std::size_t i = 0; i + 1 < path.size() && !against; ++i) {
            const Vec3 a = path[i], b = path[i + 1];
            const double length = horizontal(a, b);
            if (length <= 0.0) continue;
            const double heading = ((b.x - a.x) * ux + (b.y - a.y) * uy) / length;
            if (heading > -0.7) continue; // not heading against the edge
            // The part of ab within `tol` of the edge, sampled every tol / 2.
            const int samples = std::max(2, int(std::ceil(length / (tol / 2))));
            double run = 0.0;
            for (int k = 0; k <= samples && !against; ++k) {
                const Vec3 p = a + (b - a) * (double(k) / samples);
                double along = 0.0;
                if (distanceToSegment(p, e0, e1, &along) <= tol && along > 0.0 && along < 1.0) {
                    run += length / samples;
                    if (run > tol) {
                        against = true;
                        out.push_back({RouteWarning::Kind::AgainstOneWay, id, p,
                                       name + ": its smoothed path runs against the one-way edge " + edge.from +
                                           " -> " + edge.to + " at " + place(p) +
                                           " (a smoothing step cut across the graph)"});
                    }
                } else {
                    run = 0.0;
                }
            }
        }
    }

    // A step in height: a smoothed segment steeper than any part of the waypoint path, by more than
    // `heightStep` in height.
    double steepest = 0.0;
    for (std::size_t i = 0; i + 1 < route.raw.size(); ++i) {
        const double rise = std::abs(route.raw[i + 1].z - route.raw[i].z);
        const double run = horizontal(route.raw[i], route.raw[i + 1]);
        if (rise > 0) steepest = std::max(steepest, run > 0 ? rise / run : HUGE_VAL);
    }
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const double rise = path[i + 1].z - path[i].z;
        const double run = horizontal(path[i], path[i + 1]);
        if (std::abs(rise) <= limits.heightStep) continue;
        const double grade = run > 0 ? std::abs(rise) / run : HUGE_VAL;
        if (grade <= steepest * 1.05) continue;
        const Vec3 at = (path[i] + path[i + 1]) * 0.5;
        out.push_back({RouteWarning::Kind::HeightStep, id, at,
                       name + ": its smoothed path " + (rise < 0 ? "drops " : "climbs ") +
                           formatNumber(std::round(std::abs(rise) * 100) / 100) + " over " +
                           formatNumber(std::round(run * 100) / 100) + " at " + place(at) +
                           ", steeper than its waypoint path anywhere (a shortcut off a ledge?)"});
        break;
    }
    return out;
}

} // namespace railforge::document
