#include "document/report/level_report_cache.h"

#include "document/checks/route_checks.h"
#include "document/checks/route_warnings.h"
#include "document/navigation/navigation_checks.h"
#include "document/report/ground_checks.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"

namespace railforge::document {

LevelReportCache::LevelReportCache() = default;
LevelReportCache::~LevelReportCache() = default;

LevelProblems LevelReportCache::edgeProblems(const Level &level)
{
    if (!m_context || level.obstacles != m_obstacles) {
        m_obstacles = level.obstacles;
        m_context = std::make_unique<LevelObstacleContext>(level);
        m_edges.clear();
    }
    LevelProblems out;
    m_edges.resize(level.edges.size());
    forEachPlacedEdge(level, [&](std::size_t i, const Edge &edge, const core::Vec3 &from, const core::Vec3 &to) {
        EdgeEntry &entry = m_edges[i];
        if (!(entry.edge == edge && entry.from == from && entry.to == to))
            entry = {edge, from, to, edgeProblem(i, edge, from, to, *m_context)};
        if (entry.problem) out.push_back(*entry.problem);
    });
    return out;
}

LevelProblems LevelReportCache::pathProblems(const Level &level, const ReportSources &sources)
{
    const StrategyRegistry &registry = sources.registry;
    // Routes depend on the graph, the obstacles and the patrols (and the strategies), nothing else.
    const bool same = m_pathInputs && m_pathRegistry == &registry &&
                      m_pathNavigation == (sources.navigation ? sources.navigation->serial() : 0) &&
                      m_pathInputs->patrols == level.patrols && m_pathInputs->waypoints == level.waypoints &&
                      m_pathInputs->edges == level.edges && m_pathInputs->obstacles == level.obstacles &&
                      m_pathInputs->agents == level.agents;
    if (same) return m_pathProblems;
    m_pathProblems.clear();
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        for (const auto &w :
             patrolPathWarnings(level, patrol, registry, *m_context, sources.routeOf, sources.navigation))
            m_pathProblems.push_back({Severity::Warning, {ProblemSubject::Part::Patrol, p, 0}, w.message, w.at});
        // Where its smoothing takes a path with an agent off the walkable ground (as levelReport says it).
        if (!sources.navigation || patrol.agent.empty()) continue;
        std::optional<PatrolRoute> routed;
        const PatrolRoute *route = sources.routeOf ? sources.routeOf(patrol) : nullptr;
        if (!sources.routeOf)
            route = &routed.emplace(routePatrol(level, patrol, registry, *m_context, sources.navigation));
        if (route)
            for (auto &problem : navmeshPathProblems(level, p, *route, *sources.navigation))
                m_pathProblems.push_back(std::move(problem));
    }
    Level inputs;
    inputs.patrols = level.patrols;
    inputs.waypoints = level.waypoints;
    inputs.edges = level.edges;
    inputs.obstacles = level.obstacles;
    inputs.agents = level.agents;
    m_pathInputs = std::move(inputs);
    m_pathRegistry = &registry;
    m_pathNavigation = sources.navigation ? sources.navigation->serial() : 0;
    return m_pathProblems;
}

LevelProblems LevelReportCache::groundProblems(const Level &level, const core::GroundSet &ground,
                                               std::optional<std::chrono::steady_clock::time_point> until)
{
    if (&ground != m_ground) {
        m_ground = &ground;
        m_rails.clear();
    }
    LevelProblems out;
    if (ground.empty()) return out;
    m_rails.resize(level.rails.size());
    for (std::size_t r = 0; r < level.rails.size(); ++r) {
        RailEntry &entry = m_rails[r];
        if (!(entry.rail == level.rails[r])) {
            if (until && std::chrono::steady_clock::now() > *until) {
                m_complete = false; // left for the next call
                entry = {};
                continue;
            }
            entry = {level.rails[r], railGroundProblems(level, r, ground)};
        }
        out.insert(out.end(), entry.problems.begin(), entry.problems.end());
    }
    return out;
}

LevelProblems LevelReportCache::report(const Level &level, const ReportSources &sources,
                                       std::optional<std::chrono::steady_clock::time_point> until)
{
    m_complete = true;
    LevelProblems out = pipelineProblems(level, sources.registry, sources.missing);
    auto add = [&out](const LevelProblems &more) { out.insert(out.end(), more.begin(), more.end()); };
    add(patrolRouteProblems(level, {}, sources.navigation));
    add(edgeProblems(level));
    add(pathProblems(level, sources));
    add(groundLevelProblems(level, sources.unread, core::GroundSet{}));
    add(groundProblems(level, sources.ground, until));
    add(walkabilityProblems(level, sources.navigation));
    return out;
}

LevelProblems LevelReportCache::walkabilityProblems(const Level &level, const LevelNavigation *navigation)
{
    if (!navigation) return {};
    const bool same = m_walkInputs && m_walkNavigation == navigation->serial() &&
                      m_walkInputs->patrols == level.patrols && m_walkInputs->waypoints == level.waypoints &&
                      m_walkInputs->edges == level.edges && m_walkInputs->agents == level.agents;
    if (same) return m_walkProblems;
    m_walkProblems = navigationProblems(level, *navigation);
    Level inputs;
    inputs.patrols = level.patrols;
    inputs.waypoints = level.waypoints;
    inputs.edges = level.edges;
    inputs.agents = level.agents;
    m_walkInputs = std::move(inputs);
    m_walkNavigation = navigation->serial();
    return m_walkProblems;
}

} // namespace railforge::document
