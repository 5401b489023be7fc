#include "document/routing/patrol_route.h"

#include "core/graph_search.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"

#include <algorithm>
#include <unordered_map>

namespace railforge::document {
namespace {

// The level's waypoint graph with ids mapped to node indices.
struct IndexedGraph {
    core::WaypointGraph graph;
    std::unordered_map<std::string, std::size_t> index;
    std::vector<std::string> ids; // by node
};

IndexedGraph buildGraph(const Level &level)
{
    IndexedGraph g;
    for (const Waypoint &w : level.waypoints) {
        g.index.emplace(w.id, g.graph.addNode(w.position));
        g.ids.push_back(w.id);
    }
    for (const Edge &e : level.edges) {
        auto a = g.index.find(e.from);
        auto b = g.index.find(e.to);
        if (a == g.index.end() || b == g.index.end()) continue;
        const double cost = e.cost.value_or(core::distance(g.graph.position(a->second), g.graph.position(b->second)));
        g.graph.addArc(a->second, b->second, cost);
        if (e.bidirectional) g.graph.addArc(b->second, a->second, cost);
    }
    return g;
}

} // namespace

namespace {

// The A* legs of a patrol, stop to stop (each leg starts and ends at a stop).
struct Legs {
    std::vector<std::vector<Vec3>> legs;
    std::vector<std::vector<std::string>> legWaypoints; // each graph leg's waypoints (none when walked)
    std::vector<std::string> visits;                    // the stop each leg starts at, then the last leg's end
    std::string error;
    int failedStop = -1; // the stop (index in the patrol's stops) that is not a waypoint or cannot be reached
    bool walked = false; // on the agent's navigation mesh
};

// The index in `stops` of a pingpong patrol's visit `k`: out along the stops, then back in reverse.
int pingPongStop(std::size_t k, std::size_t stops) { return k < stops ? int(k) : int(2 * stops - 2 - k); }

Legs patrolLegs(const Level &level, const Patrol &patrol, const WalkFinder *walker)
{
    Legs result;
    if (patrol.stops.size() < 2) {
        result.error = "patrol '" + patrol.id + "' needs at least 2 stops";
        return result;
    }
    const IndexedGraph g = buildGraph(level);
    std::vector<std::string> visits = patrol.stops;
    if (patrol.mode == PatrolMode::Loop) visits.push_back(patrol.stops.front());
    if (patrol.mode == PatrolMode::PingPong)
        visits.insert(visits.end(), patrol.stops.rbegin() + 1, patrol.stops.rend());
    const std::size_t n = patrol.stops.size();
    auto stopOf = [&](std::size_t k) { return patrol.mode == PatrolMode::PingPong ? pingPongStop(k, n) : int(k % n); };
    std::vector<std::size_t> nodes;
    for (std::size_t k = 0; k < visits.size(); ++k) {
        auto node = g.index.find(visits[k]);
        if (node == g.index.end()) {
            result.error = "patrol '" + patrol.id + "' stop '" + visits[k] + "' is not a waypoint";
            result.failedStop = stopOf(k);
            return result;
        }
        nodes.push_back(node->second);
    }
    if (patrol.follow == PatrolFollow::NavMesh && walker && !patrol.agent.empty()) {
        std::vector<std::vector<Vec3>> walkedLegs;
        for (std::size_t i = 1; i < nodes.size(); ++i) {
            const Vec3 from = g.graph.position(nodes[i - 1]), to = g.graph.position(nodes[i]);
            const std::optional<WalkFinder::Walk> walk = walker->walk(patrol.agent, from, to);
            if (!walk) {
                walkedLegs.clear(); // no navmesh for its agent: the graph, as before agents
                break;
            }
            if (!walk->error.empty() || walk->points.size() < 2) {
                result.error = "patrol '" + patrol.id + "': stop '" + visits[i] + "' cannot be reached from stop '" +
                               visits[i - 1] + "' on agent '" + patrol.agent + "''s navmesh" +
                               (walk->error.empty() ? "" : ": " + walk->error);
                result.failedStop = stopOf(i);
                return result;
            }
            // Each leg starts and ends at its stops exactly (the walk starts where the mesh is nearest).
            std::vector<Vec3> points = walk->points;
            points.front() = from;
            points.back() = to;
            walkedLegs.push_back(std::move(points));
        }
        if (!walkedLegs.empty()) {
            result.legs = std::move(walkedLegs);
            result.visits = std::move(visits);
            result.walked = true;
            return result;
        }
    }
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        auto leg = g.graph.shortestPath(nodes[i - 1], nodes[i]);
        if (!leg) {
            result.error = "patrol '" + patrol.id + "': stop '" + visits[i] + "' cannot be reached from stop '" +
                           visits[i - 1] + "' through the waypoint graph";
            result.failedStop = stopOf(i);
            return result;
        }
        std::vector<Vec3> points;
        std::vector<std::string> ids;
        for (std::size_t node : *leg) {
            points.push_back(g.graph.position(node));
            ids.push_back(g.ids[node]);
        }
        result.legs.push_back(std::move(points));
        result.legWaypoints.push_back(std::move(ids));
    }
    result.visits = std::move(visits);
    return result;
}

// Appends a leg to a path, sharing the stop where they meet.
void appendLeg(std::vector<Vec3> &path, const std::vector<Vec3> &leg)
{
    if (leg.empty()) return;
    const bool joins = !path.empty();
    path.insert(path.end(), leg.begin() + (joins ? 1 : 0), leg.end());
}

} // namespace

std::vector<std::vector<std::string>> graphLegWaypoints(const Level &level, const Patrol &patrol)
{
    return patrolLegs(level, patrol, nullptr).legWaypoints;
}

PatrolRoute rawPatrolRoute(const Level &level, const Patrol &patrol, const WalkFinder *walker)
{
    PatrolRoute route;
    route.loops = patrol.mode == PatrolMode::Loop;
    Legs legs = patrolLegs(level, patrol, walker);
    route.walked = legs.walked;
    route.error = legs.error;
    route.failedStop = legs.failedStop;
    for (const auto &leg : legs.legs) appendLeg(route.raw, leg);
    route.smoothed = route.raw;
    return route;
}

PatrolRoute routePatrol(const Level &level, const Patrol &patrol, const StrategyRegistry &registry,
                        const LevelObstacleContext &context, const WalkFinder *walker)
{
    PatrolRoute route;
    route.loops = patrol.mode == PatrolMode::Loop;
    Legs legs = patrolLegs(level, patrol, walker);
    route.walked = legs.walked;
    route.error = legs.error;
    route.failedStop = legs.failedStop;
    if (!route.ok()) return route;
    route.visits = legs.visits;
    route.visitIndex.push_back(0);
    // A patrol with an agent is smoothed against where its agent can walk, not the obstacles alone.
    std::shared_ptr<const LevelObstacleContext> walled;
    if (walker && !patrol.agent.empty()) {
        std::vector<Vec3> all;
        for (const auto &leg : legs.legs) all.insert(all.end(), leg.begin(), leg.end());
        walled = walker->walledContext(level, patrol, all);
    }
    const LevelObstacleContext &stepContext = walled ? *walled : context;
    for (auto &leg : legs.legs) {
        appendLeg(route.raw, leg);
        for (std::size_t i = 0; i < patrol.smoothing.size() && leg.size() > 1; ++i) {
            const SmoothingStep &step = patrol.smoothing[i];
            if (!step.enabled) continue;
            StepResult result = registry.run(step.strategy, step.params, leg, false, stepContext);
            if (!result.ok()) {
                route.error =
                    "patrol '" + patrol.id + "' smoothing step " + std::to_string(i + 1) + ": " + result.error;
                route.strategyFailed = result.status == StepResult::Status::StrategyFailed;
                route.failedStep = int(i);
                return route;
            }
            leg = std::move(result.points);
        }
        appendLeg(route.smoothed, leg);
        // Each leg ends at its stop (strategies keep a path's ends), so the stop is the last point.
        route.visitIndex.push_back(route.smoothed.empty() ? 0 : route.smoothed.size() - 1);
    }
    // A path that never moves has no direction: refused here, so that no zero tangent is ever written.
    if (std::all_of(route.smoothed.begin(), route.smoothed.end(), [&](Vec3 p) { return p == route.smoothed.front(); }))
        route.error = "patrol '" + patrol.id + "' has all its stops at one place: its path has no length";
    return route;
}

} // namespace railforge::document
