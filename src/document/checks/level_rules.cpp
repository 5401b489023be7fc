#include "document/checks/level_rules.h"

#include "core/polygon.h"
#include "document/checks/edit_rules.h"
#include "document/checks/junction_warnings.h"
#include "document/checks/ride_warnings.h"
#include "document/model/length_units.h"
#include "document/model/rail_roll_rate.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace railforge::document {
namespace {

using Part = ProblemSubject::Part;

LevelProblem error(Part part, std::size_t index, std::string message, std::size_t item = 0)
{
    return {Severity::Error, {part, index, item}, std::move(message), std::nullopt};
}

// The second and later uses of an id within one kind of object; the index of each id's first use.
template <typename T>
std::unordered_map<std::string, std::size_t> uniqueIds(const std::vector<T> &items, Part part, const std::string &kind,
                                                       LevelProblems &out)
{
    std::unordered_map<std::string, std::size_t> firstIndex;
    for (std::size_t i = 0; i < items.size(); ++i)
        if (!firstIndex.emplace(items[i].id, i).second)
            out.push_back(error(part, i, "duplicate " + kind + " id '" + items[i].id + "'"));
    return firstIndex;
}

// The self-crossing test is quadratic in a polygon's vertices; across a level it may spend this
// many vertex pairs (about a tenth of a second). Polygons past the budget get a warning instead.
constexpr std::size_t kPolygonPairBudget = 8'000'000;

void checkPolygon(const Obstacle &obstacle, std::size_t index, std::size_t &budget, LevelProblems &out)
{
    const std::string name = "obstacle '" + obstacle.id + "'";
    if (obstacle.polygon.size() < 3) {
        out.push_back(error(Part::Obstacle, index,
                            name + " polygon needs at least 3 points, has " + std::to_string(obstacle.polygon.size())));
        return;
    }
    std::vector<core::Point2d> points;
    points.reserve(obstacle.polygon.size());
    for (const Point2 &p : obstacle.polygon) points.push_back({p.x, p.y});
    double extent = 0.0;
    for (const auto &p : points) extent = std::max({extent, std::abs(p.x), std::abs(p.y)});
    if (std::abs(core::signedArea(points)) <= 1e-12 * std::max(1.0, extent * extent)) {
        out.push_back(
            error(Part::Obstacle, index, name + " polygon has zero area (its points are collinear or repeated)"));
        return;
    }
    const std::size_t pairs = points.size() * points.size() / 2;
    if (points.size() > kMaxCheckedPolygonVertices || pairs > budget) {
        out.push_back({Severity::Warning,
                       {Part::Obstacle, index, 0},
                       name + " polygon has too many vertices to check for self-crossing here",
                       std::nullopt});
        return;
    }
    budget -= pairs;
    if (auto crossing = core::firstSelfIntersection(points))
        out.push_back(error(Part::Obstacle, index,
                            name + " polygon is not simple: edge " + std::to_string(crossing->first + 1) +
                                " touches edge " + std::to_string(crossing->second + 1)));
}

void checkEdges(const Level &level, const std::unordered_map<std::string, std::size_t> &waypointIds, LevelProblems &out)
{
    std::set<std::pair<std::string, std::string>> seen;
    for (std::size_t i = 0; i < level.edges.size(); ++i) {
        const Edge &edge = level.edges[i];
        if (!waypointIds.count(edge.from))
            out.push_back(error(Part::Edge, i, "edge refers to unknown waypoint '" + edge.from + "'"));
        if (!waypointIds.count(edge.to))
            out.push_back(error(Part::EdgeTo, i, "edge refers to unknown waypoint '" + edge.to + "'"));
        if (edge.from == edge.to) {
            out.push_back(error(Part::Edge, i, "edge connects waypoint '" + edge.from + "' to itself"));
            continue;
        }
        // A two-way edge a-b duplicates b-a too; one-way edges a->b and b->a are distinct.
        std::pair<std::string, std::string> key{edge.from, edge.to};
        if (edge.bidirectional && key.second < key.first) std::swap(key.first, key.second);
        if (!seen.insert(key).second)
            out.push_back(error(Part::Edge, i, "duplicate edge " + edge.from + " -> " + edge.to));
    }
}

void checkAgents(const Level &level, LevelProblems &out)
{
    for (std::size_t a = 0; a < level.agents.size(); ++a)
        for (auto &[field, why] : agentProblems(level.agents[a]))
            out.push_back(error(Part::AgentField, a, std::move(why), std::size_t(field)));
}

void checkPatrols(const Level &level, const std::unordered_map<std::string, std::size_t> &waypointIds,
                  const std::unordered_map<std::string, std::size_t> &agentIds, LevelProblems &out)
{
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        if (!patrol.agent.empty() && !agentIds.count(patrol.agent))
            out.push_back(
                error(Part::PatrolAgent, p, "patrol '" + patrol.id + "' names unknown agent '" + patrol.agent + "'"));
        if (std::string why = whyBadValues(patrol); !why.empty())
            out.push_back(error(Part::PatrolAgent, p, "patrol '" + patrol.id + "': " + why));
        std::vector<core::Vec3> stopPositions;
        for (std::size_t s = 0; s < patrol.stops.size(); ++s) {
            if (auto known = waypointIds.find(patrol.stops[s]); known != waypointIds.end())
                stopPositions.push_back(level.waypoints[known->second].position);
            else
                out.push_back(
                    error(Part::PatrolStop, p,
                          "patrol '" + patrol.id + "' stop refers to unknown waypoint '" + patrol.stops[s] + "'", s));
        }
        // Its path has no length, so no direction to write as a tangent: `route` and `export` refuse it
        // (routePatrol). Only a warning here, as the editor makes such patrols on the way to real ones
        // (a stop added twice, a waypoint deleted) and must be able to save and reopen them.
        const bool allStopsKnown = stopPositions.size() == patrol.stops.size() && stopPositions.size() >= 2;
        if (allStopsKnown && std::all_of(stopPositions.begin(), stopPositions.end(),
                                         [&](const core::Vec3 &q) { return q == stopPositions.front(); }))
            out.push_back({Severity::Warning,
                           {Part::Patrol, p, 0},
                           "patrol '" + patrol.id +
                               "' has all its stops at one place: its path has no length, so route and export "
                               "refuse it",
                           std::nullopt});
    }
}

} // namespace

LevelProblems railPointProblems(const Rail &rail, std::size_t index)
{
    LevelProblems out;
    const auto &points = rail.points;
    if (std::all_of(points.begin(), points.end(), [&](const core::Vec3 &p) { return p == points.front(); })) {
        out.push_back(
            error(Part::Rail, index,
                  "rail '" + rail.id + "' has all its points at one place: a rail needs two different points"));
        return out;
    }
    // The same rule every edit keeps (edit_rules.h).
    for (const auto &[i, j] : railPointsTooClose(rail))
        out.push_back(error(Part::RailPoint, index, tooCloseMessage(rail, i, j), j));
    return out;
}

LevelProblems levelRuleProblems(const Level &level, const RuleOptions &options)
{
    LevelProblems out;
    const auto waypointIds = uniqueIds(level.waypoints, Part::Waypoint, "waypoint", out);
    uniqueIds(level.obstacles, Part::Obstacle, "obstacle", out);
    uniqueIds(level.rails, Part::Rail, "rail", out);
    uniqueIds(level.patrols, Part::Patrol, "patrol", out);
    const auto agentIds = uniqueIds(level.agents, Part::Agent, "agent", out);
    checkAgents(level, out);
    checkEdges(level, waypointIds, out);
    std::size_t budget = kPolygonPairBudget;
    for (std::size_t i = 0; i < level.obstacles.size(); ++i) {
        const bool shapeRead =
            !options.obstacleShapeRead || i >= options.obstacleShapeRead->size() || (*options.obstacleShapeRead)[i];
        if (level.obstacles[i].shape == Obstacle::Shape::Polygon && shapeRead)
            checkPolygon(level.obstacles[i], i, budget, out);
    }
    if (options.railPoints)
        for (std::size_t r = 0; r < level.rails.size(); ++r)
            if (level.rails[r].points.size() >= 2)
                for (auto &problem : railPointProblems(level.rails[r], r)) out.push_back(std::move(problem));
    checkPatrols(level, waypointIds, agentIds, out);
    for (auto &warning : junctionWarnings(level)) out.push_back(std::move(warning));
    // A ridden rail rolling faster than Bank…'s default limit.
    const double metres = metresPerUnit(level.info.units).value_or(1.0);
    for (auto &warning : rideWarnings(level, metres, kDefaultMaxRollRate)) out.push_back(std::move(warning));
    return out;
}

} // namespace railforge::document
