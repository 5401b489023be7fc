#include "document/navigation/navigation_checks.h"

#include "document/text/number_format.h"

#include "navmesh/nav_query.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace railforge::document {
namespace {

using Part = ProblemSubject::Part;

// A place as a designer reads it: to the centimetre.
std::string placeText(const Vec3 &p)
{
    const auto n = [](double v) { return formatNumber(std::round(v * 100) / 100 + 0.0); };
    return "(" + n(p.x) + ", " + n(p.y) + ", " + n(p.z) + ")";
}

std::string lengthText(double v) { return formatNumber(std::round(v * 100) / 100); }

std::optional<std::size_t> edgeBetween(const Level &level, const std::string &a, const std::string &b)
{
    for (std::size_t i = 0; i < level.edges.size(); ++i) {
        const Edge &e = level.edges[i];
        if ((e.from == a && e.to == b) || (e.bidirectional && e.from == b && e.to == a)) return i;
    }
    return std::nullopt;
}

} // namespace

LevelProblems navigationProblems(const Level &level, const LevelNavigation &navigation)
{
    LevelProblems out;
    const bool anyAgent =
        std::any_of(level.patrols.begin(), level.patrols.end(), [](const Patrol &p) { return !p.agent.empty(); });
    if (!anyAgent) return out;
    if (!navigation.hasWalkableGround()) {
        out.push_back({Severity::Warning,
                       {Part::Level, 0, 0},
                       "patrols name agents, but the level has no walkable ground (a mesh or heightmap reference "
                       "with ground: true): they are routed on the waypoint graph",
                       std::nullopt});
        return out;
    }
    std::unordered_map<std::string, std::size_t> waypointAt, agentAt;
    for (std::size_t i = 0; i < level.waypoints.size(); ++i) waypointAt.emplace(level.waypoints[i].id, i);
    for (std::size_t i = 0; i < level.agents.size(); ++i) agentAt.emplace(level.agents[i].id, i);
    std::set<std::string> failedAgents;
    std::set<std::pair<std::size_t, std::string>> checkedWaypoints, checkedEdges;
    for (const Patrol &patrol : level.patrols) {
        const auto agent = agentAt.find(patrol.agent);
        if (agent == agentAt.end()) continue;           // none, or unknown (a rule of the loader)
        if (navigation.pending(patrol.agent)) continue; // checked when its mesh is baked
        std::string why;
        const auto mesh = navigation.mesh(patrol.agent, &why);
        if (!mesh) {
            if (failedAgents.insert(patrol.agent).second)
                out.push_back({Severity::Error, {Part::Agent, agent->second, 0}, why, std::nullopt});
            continue;
        }
        nav::NavQuery query(mesh);
        const std::string who = " (patrol '" + patrol.id + "', agent '" + patrol.agent + "')";
        // The waypoints it uses: its stops, and on the graph every waypoint its legs pass.
        std::vector<std::string> used = patrol.stops;
        const auto legs = patrol.follow == PatrolFollow::Graph ? graphLegWaypoints(level, patrol)
                                                               : std::vector<std::vector<std::string>>{};
        for (const auto &leg : legs) used.insert(used.end(), leg.begin(), leg.end());
        for (const std::string &id : used) {
            const auto w = waypointAt.find(id);
            if (w == waypointAt.end() || !checkedWaypoints.insert({w->second, patrol.agent}).second) continue;
            const Vec3 at = level.waypoints[w->second].position;
            if (query.under(at)) continue;
            const auto nearest = query.nearestAnywhere(at, 1e4);
            std::string text = "waypoint '" + id + "' is not on walkable ground" + who;
            text += nearest ? ": it is " + lengthText(core::distance(*nearest, at)) +
                                  " off, the nearest walkable place is " + placeText(*nearest)
                            : ": no walkable place is near it";
            out.push_back({Severity::Warning, {Part::Waypoint, w->second, 0}, text, at});
        }
        for (const auto &leg : legs)
            for (std::size_t i = 1; i < leg.size(); ++i) {
                const auto edge = edgeBetween(level, leg[i - 1], leg[i]);
                if (!edge || !checkedEdges.insert({*edge, patrol.agent}).second) continue;
                const Vec3 a = level.waypoints[waypointAt.at(leg[i - 1])].position;
                const Vec3 b = level.waypoints[waypointAt.at(leg[i])].position;
                const nav::NavQuery::Line line = query.straight(a, b);
                if (!line.startsOnMesh || line.clear) continue; // off the mesh: its waypoint says so
                const nav::NavQuery::Way way = query.way(a, b);
                const Vec3 blocked = navigation.onGround(line.blockedAt, *mesh);
                std::string text = "edge " + leg[i - 1] + " -> " + leg[i] + " is not walkable straight" + who +
                                   ": blocked at " + placeText(blocked) + "; ";
                text += way.found && way.reached ? "a walkable way of " + lengthText(way.length) + " exists"
                                                 : "no walkable way connects them";
                out.push_back({Severity::Warning, {Part::Edge, *edge, 0}, text, blocked});
            }
    }
    return out;
}

LevelProblems navmeshPathProblems(const Level &level, std::size_t patrol, const PatrolRoute &route,
                                  const LevelNavigation &navigation)
{
    LevelProblems out;
    const Patrol &p = level.patrols[patrol];
    const bool smoothed =
        std::any_of(p.smoothing.begin(), p.smoothing.end(), [](const SmoothingStep &s) { return s.enabled; });
    // Without a step that runs, the path is the walk itself: on the mesh by its making.
    if (p.agent.empty() || !smoothed || !route.ok() || route.smoothed.size() < 2) return out;
    const auto mesh = navigation.mesh(p.agent);
    if (!mesh) return out;
    nav::NavQuery query(mesh);
    // Leg by leg, the first place, in steps of half a cell, with no walkable ground within a cell of it.
    const double step = mesh->settings().cell / 2;
    for (std::size_t v = 1; v < route.visitIndex.size(); ++v) {
        bool told = false;
        for (std::size_t i = route.visitIndex[v - 1] + 1;
             !told && i <= route.visitIndex[v] && i < route.smoothed.size(); ++i) {
            const Vec3 a = route.smoothed[i - 1], b = route.smoothed[i];
            const int steps = std::max(1, int(std::ceil(core::distance(a, b) / step)));
            for (int k = 0; k <= steps && !told; ++k) {
                const Vec3 at = core::lerp(a, b, double(k) / steps);
                if (query.under(at)) continue;
                out.push_back({Severity::Warning,
                               {Part::Patrol, patrol, 0},
                               "patrol '" + p.id + "' leaves agent '" + p.agent + "''s walkable ground at " +
                                   placeText(at) + " (its smoothing takes the path there)",
                               at});
                told = true;
            }
        }
    }
    return out;
}

} // namespace railforge::document
