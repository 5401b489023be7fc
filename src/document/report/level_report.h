// Everything `validate` says about a level beyond the loader's rules, over the level as it is: steps
// of the smoothing pipelines that would not run here, stops the graph cannot reach, edges and paths
// through obstacles or against one-way edges, reference files refused or unreadable, rails below the
// ground. `validate` prints it at FILE:LINE:COLUMN; the editor's Problems panel lists the same,
// together with the rules (level_rules.h), live.
#pragma once

#include "core/ground.h"
#include "document/checks/level_problem.h"
#include "document/checks/pipeline_checks.h"
#include "document/checks/route_warnings.h"
#include "document/ground/level_ground.h"
#include "document/model/level.h"
#include "document/navigation/level_navigation.h"
#include "document/routing/patrol_route.h"

#include <functional>
#include <optional>
#include <vector>

namespace railforge::document {

class StrategyRegistry;
class LevelObstacleContext;

// What the report needs besides the level.
struct ReportSources {
    const StrategyRegistry &registry;
    MissingStrategies missing = MissingStrategies::AreErrors;
    const std::vector<UnreadReference> &unread; // reference files that gave nothing, and why
    const core::GroundSet &ground;              // the level's ground as read
    // Each patrol's route when the caller has them (the editor routes off its UI thread, strategies
    // isolated; null: not routed yet, no path warnings); empty: routed here with `registry`.
    std::function<const PatrolRoute *(const Patrol &)> routeOf = {};
    // The agents' navigation meshes (null: none; patrols with agents are not checked for walkability).
    const LevelNavigation *navigation = nullptr;
};

// The edges through obstacles and each routable patrol's path warnings (route_warnings.h), about the
// edge or the patrol, at the spot; routes from `routeOf` when given, else built with `registry`.
LevelProblems routeWarningProblems(const Level &level, const StrategyRegistry &registry,
                                   const std::function<const PatrolRoute *(const Patrol &)> &routeOf = {},
                                   const LevelNavigation *navigation = nullptr);

// Calls `each(index, edge, from, to)` for every edge of `level` whose two ends are waypoints of it.
void forEachPlacedEdge(
    const Level &level,
    const std::function<void(std::size_t, const Edge &, const core::Vec3 &, const core::Vec3 &)> &each);

// Edge `index` (from `from` to `to`) as a problem when it runs through an obstacle.
std::optional<LevelProblem> edgeProblem(std::size_t index, const Edge &edge, const core::Vec3 &from,
                                        const core::Vec3 &to, const LevelObstacleContext &obstacles);

// One patrol's path warnings, its route from `routeOf` when given (none while it gives null), else
// built here with `registry`.
std::vector<RouteWarning> patrolPathWarnings(const Level &level, const Patrol &patrol, const StrategyRegistry &registry,
                                             const LevelObstacleContext &obstacles,
                                             const std::function<const PatrolRoute *(const Patrol &)> &routeOf,
                                             const LevelNavigation *navigation = nullptr);

// Pipelines, routes, route warnings and ground, in that order.
LevelProblems levelReport(const Level &level, const ReportSources &sources);

} // namespace railforge::document
