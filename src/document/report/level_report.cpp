#include "document/report/level_report.h"

#include "document/checks/route_checks.h"
#include "document/checks/route_warnings.h"
#include "document/navigation/navigation_checks.h"
#include "document/report/ground_checks.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"

#include <unordered_map>

namespace railforge::document {

std::vector<RouteWarning> patrolPathWarnings(const Level &level, const Patrol &patrol, const StrategyRegistry &registry,
                                             const LevelObstacleContext &obstacles,
                                             const std::function<const PatrolRoute *(const Patrol &)> &routeOf,
                                             const LevelNavigation *navigation)
{
    if (!routeOf)
        return pathWarnings(level, patrol, routePatrol(level, patrol, registry, obstacles, navigation), obstacles);
    const PatrolRoute *route = routeOf(patrol);
    return route ? pathWarnings(level, patrol, *route, obstacles) : std::vector<RouteWarning>{};
}

void forEachPlacedEdge(
    const Level &level,
    const std::function<void(std::size_t, const Edge &, const core::Vec3 &, const core::Vec3 &)> &each)
{
    std::unordered_map<std::string, core::Vec3> where;
    where.reserve(level.waypoints.size());
    for (const Waypoint &w : level.waypoints) where.emplace(w.id, w.position);
    for (std::size_t i = 0; i < level.edges.size(); ++i) {
        const Edge &edge = level.edges[i];
        const auto a = where.find(edge.from), b = where.find(edge.to);
        if (a != where.end() && b != where.end()) each(i, edge, a->second, b->second);
    }
}

std::optional<LevelProblem> edgeProblem(std::size_t index, const Edge &edge, const core::Vec3 &from,
                                        const core::Vec3 &to, const LevelObstacleContext &obstacles)
{
    const auto warning = edgeWarning(edge, from, to, obstacles);
    if (!warning) return std::nullopt;
    return LevelProblem{Severity::Warning, {ProblemSubject::Part::Edge, index, 0}, warning->message, warning->at};
}

LevelProblems routeWarningProblems(const Level &level, const StrategyRegistry &registry,
                                   const std::function<const PatrolRoute *(const Patrol &)> &routeOf,
                                   const LevelNavigation *navigation)
{
    LevelProblems out;
    const LevelObstacleContext obstacles(level);
    forEachPlacedEdge(level, [&](std::size_t i, const Edge &edge, const core::Vec3 &from, const core::Vec3 &to) {
        if (auto problem = edgeProblem(i, edge, from, to, obstacles)) out.push_back(std::move(*problem));
    });
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        for (const auto &w : patrolPathWarnings(level, patrol, registry, obstacles, routeOf, navigation))
            out.push_back({Severity::Warning, {ProblemSubject::Part::Patrol, p, 0}, w.message, w.at});
        // Where its smoothing takes a path with an agent off the walkable ground.
        if (!navigation || patrol.agent.empty()) continue;
        std::optional<PatrolRoute> routed;
        const PatrolRoute *route = routeOf ? routeOf(patrol) : nullptr;
        if (!routeOf) route = &routed.emplace(routePatrol(level, patrol, registry, obstacles, navigation));
        if (route)
            for (auto &problem : navmeshPathProblems(level, p, *route, *navigation)) out.push_back(std::move(problem));
    }
    return out;
}

LevelProblems levelReport(const Level &level, const ReportSources &sources)
{
    LevelProblems out = pipelineProblems(level, sources.registry, sources.missing);
    auto add = [&out](LevelProblems more) {
        out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    };
    add(patrolRouteProblems(level, {}, sources.navigation));
    add(routeWarningProblems(level, sources.registry, sources.routeOf, sources.navigation));
    if (sources.navigation) add(navigationProblems(level, *sources.navigation));
    add(groundLevelProblems(level, sources.unread, sources.ground));
    return out;
}

} // namespace railforge::document
