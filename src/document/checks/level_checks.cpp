#include "document/checks/level_checks.h"

#include "core/polygon.h"
#include "document/checks/edit_rules.h"
#include "document/model/number_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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

void checkRailSegments(const Rail &rail, const YAML::Mark &railMark, const std::vector<YAML::Mark> &pointMarks,
                       NodeReader &reader)
{
    const std::string name = "rail '" + rail.id + "'";
    const auto &points = rail.points;
    if (std::all_of(points.begin(), points.end(), [&](const core::Vec3 &p) { return p == points.front(); })) {
        reader.error(railMark, name + " has all its points at one place: a rail needs two different points");
        return;
    }
    // The same rule every edit keeps (edit_rules.h).
    for (const auto &[i, j] : railPointsTooClose(rail)) reader.error(pointMarks[j], tooCloseMessage(rail, i, j));
}

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
        std::vector<core::Vec3> stopPositions;
        for (std::size_t s = 0; s < patrol.stops.size(); ++s) {
            if (auto known = waypointIds.find(patrol.stops[s]); known != waypointIds.end())
                stopPositions.push_back(level.waypoints[known->second].position);
            else
                reader.error(marks.patrolStops[p][s],
                             "patrol '" + patrol.id + "' stop refers to unknown waypoint '" + patrol.stops[s] + "'");
        }
        // Its path has no length, so no direction to write as a tangent: `route` and `export` refuse it
        // (routePatrol). Only a warning here, as the editor makes such patrols on the way to real ones
        // (a stop added twice, a waypoint deleted) and must be able to save and reopen them.
        const bool allStopsKnown = stopPositions.size() == patrol.stops.size() && stopPositions.size() >= 2;
        if (allStopsKnown && std::all_of(stopPositions.begin(), stopPositions.end(),
                                         [&](const core::Vec3 &q) { return q == stopPositions.front(); }))
            reader.warning(marks.patrols[p], "patrol '" + patrol.id +
                                                 "' has all its stops at one place: its path has "
                                                 "no length, so route and export refuse it");
    }
}

} // namespace railforge::document
