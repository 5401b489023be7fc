#include "document/checks/level_report.h"

#include "document/checks/ground_checks.h"
#include "document/checks/route_checks.h"
#include "document/checks/route_warnings.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"

#include <unordered_map>

namespace railforge::document {

std::vector<RouteWarning> patrolPathWarnings(const Level &level, const Patrol &patrol, const StrategyRegistry &registry,
                                             const LevelObstacleContext &obstacles,
                                             const std::function<const PatrolRoute *(const Patrol &)> &routeOf)
{
    if (!routeOf) return pathWarnings(level, patrol, routePatrol(level, patrol, registry, obstacles), obstacles);
    const PatrolRoute *route = routeOf(patrol);
    return route ? pathWarnings(level, patrol, *route, obstacles) : std::vector<RouteWarning>{};
}

LevelProblems routeWarningProblems(const Level &level, const StrategyRegistry &registry,
                                   const std::function<const PatrolRoute *(const Patrol &)> &routeOf)
{
    using Part = ProblemSubject::Part;
    LevelProblems out;
    const LevelObstacleContext obstacles(level);
    std::unordered_map<std::string, core::Vec3> where;
    for (const Waypoint &w : level.waypoints) where.emplace(w.id, w.position);
    for (std::size_t i = 0; i < level.edges.size(); ++i) {
        const Edge &edge = level.edges[i];
        const auto a = where.find(edge.from), b = where.find(edge.to);
        if (a == where.end() || b == where.end()) continue;
        if (auto w = edgeWarning(edge, a->second, b->second, obstacles))
            out.push_back({Severity::Warning, {Part::Edge, i, 0}, w->message, w->at});
    }
    for (std::size_t p = 0; p < level.patrols.size(); ++p)
        for (const auto &w : patrolPathWarnings(level, level.patrols[p], registry, obstacles, routeOf))
            out.push_back({Severity::Warning, {Part::Patrol, p, 0}, w.message, w.at});
    return out;
}

LevelProblems levelReport(const Level &level, const ReportSources &sources)
{
    LevelProblems out = pipelineProblems(level, sources.registry, sources.missing);
    auto add = [&out](LevelProblems more) {
        out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    };
    add(patrolRouteProblems(level));
    add(routeWarningProblems(level, sources.registry, sources.routeOf));
    add(groundLevelProblems(level, sources.unread, sources.ground));
    return out;
}

} // namespace railforge::document
