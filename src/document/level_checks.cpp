#include "document/level_checks.h"

#include "core/polygon.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace railforge::document {
namespace {

// Reports the second and later uses of an id within one kind of object.
template <typename T>
std::unordered_map<std::string, std::size_t> checkUniqueIds(const std::vector<T> &items,
                                                           const std::vector<YAML::Mark> &marks,
                                                           const std::string &kind, NodeReader &reader)
{
    std::unordered_map<std::string, std::size_t> firstIndex;
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto [it, inserted] = firstIndex.emplace(items[i].id, i);
        if (!inserted)
            reader.error(marks[i], "duplicate " + kind + " id '" + items[i].id + "' (first defined at line " +
                                       std::to_string(marks[it->second].line + 1) + ")");
    }
    return firstIndex;
}

// The self-crossing test is quadratic in a polygon's vertices; across a file it may spend this
// many vertex pairs (about a tenth of a second). Polygons past the budget get a warning instead.
constexpr std::size_t kPolygonPairBudget = 8'000'000;

void checkPolygon(const Obstacle &obstacle, const YAML::Mark &mark, NodeReader &reader, std::size_t &budget)
{
    const std::string name = "obstacle '" + obstacle.id + "'";
    if (obstacle.polygon.size() < 3) {
        reader.error(mark, name + " polygon needs at least 3 points, has " + std::to_string(obstacle.polygon.size()));
        return;
    }
    std::vector<core::Point2d> points;
    points.reserve(obstacle.polygon.size());
    for (const Point2 &p : obstacle.polygon) points.push_back({p.x, p.y});
    double extent = 0.0;
    for (const auto &p : points) extent = std::max({extent, std::abs(p.x), std::abs(p.y)});
    if (std::abs(core::signedArea(points)) <= 1e-12 * std::max(1.0, extent * extent)) {
        reader.error(mark, name + " polygon has zero area (its points are collinear or repeated)");
        return;
    }
    const std::size_t pairs = points.size() * points.size() / 2;
    if (points.size() > kMaxCheckedPolygonVertices || pairs > budget) {
        reader.warning(mark, name + " polygon has too many vertices to check for self-crossing here");
        return;
    }
    budget -= pairs;
    if (auto crossing = core::firstSelfIntersection(points))
        reader.error(mark, name + " polygon is not simple: edge " + std::to_string(crossing->first + 1) +
                               " touches edge " + std::to_string(crossing->second + 1));
}

} // namespace

void checkLevel(const Level &level, const LevelMarks &marks, NodeReader &reader)
{
    const auto waypointIds = checkUniqueIds(level.waypoints, marks.waypoints, "waypoint", reader);
    checkUniqueIds(level.obstacles, marks.obstacles, "obstacle", reader);
    checkUniqueIds(level.rails, marks.rails, "rail", reader);
    checkUniqueIds(level.patrols, marks.patrols, "patrol", reader);

    std::set<std::pair<std::string, std::string>> seenEdges;
    for (std::size_t i = 0; i < level.edges.size(); ++i) {
        const Edge &edge = level.edges[i];
        const bool fromKnown = waypointIds.count(edge.from) != 0;
        const bool toKnown = waypointIds.count(edge.to) != 0;
        if (!fromKnown) reader.error(marks.edgeFrom[i], "edge refers to unknown waypoint '" + edge.from + "'");
        if (!toKnown) reader.error(marks.edgeTo[i], "edge refers to unknown waypoint '" + edge.to + "'");
        if (edge.from == edge.to) {
            reader.error(marks.edgeFrom[i], "edge connects waypoint '" + edge.from + "' to itself");
            continue;
        }
        // A two-way edge a-b duplicates b-a too; one-way edges a->b and b->a are distinct.
        std::pair<std::string, std::string> key{edge.from, edge.to};
        if (edge.bidirectional && key.second < key.first) std::swap(key.first, key.second);
        if (!seenEdges.insert(key).second)
            reader.error(marks.edgeFrom[i], "duplicate edge " + edge.from + " -> " + edge.to);
    }

    std::size_t budget = kPolygonPairBudget;
    for (std::size_t i = 0; i < level.obstacles.size(); ++i) {
        if (level.obstacles[i].shape == Obstacle::Shape::Polygon && marks.obstacleShapeRead[i])
            checkPolygon(level.obstacles[i], marks.obstacles[i], reader, budget);
    }

    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        for (std::size_t s = 0; s < patrol.stops.size(); ++s) {
            if (!waypointIds.count(patrol.stops[s]))
                reader.error(marks.patrolStops[p][s],
                             "patrol '" + patrol.id + "' stop refers to unknown waypoint '" + patrol.stops[s] + "'");
        }
    }
}

} // namespace railforge::document
