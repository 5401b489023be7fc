#include "app/problems/problem_subjects.h"

#include "document/model/junction_network.h"
#include "document/model/object_ref.h"

#include <algorithm>

namespace railforge::app {
namespace {

using Part = document::ProblemSubject::Part;

template <typename T>
const T *item(const std::vector<T> &list, std::size_t i)
{
    return i < list.size() ? &list[i] : nullptr;
}

std::optional<core::Vec3> waypointAt(const document::Level &level, const std::string &id)
{
    const auto it = std::find_if(level.waypoints.begin(), level.waypoints.end(),
                                 [&](const document::Waypoint &w) { return w.id == id; });
    if (it == level.waypoints.end()) return std::nullopt;
    return it->position;
}

std::optional<core::Vec3> obstacleCentre(const document::Obstacle &o)
{
    if (o.shape == document::Obstacle::Shape::Circle) return core::Vec3{o.circle.center.x, o.circle.center.y, 0};
    if (o.polygon.empty()) return std::nullopt;
    core::Vec3 sum{0, 0, 0};
    for (const auto &p : o.polygon) sum = sum + core::Vec3{p.x, p.y, 0};
    return sum * (1.0 / double(o.polygon.size()));
}

std::optional<core::Vec3> edgeMiddle(const document::Level &level, const document::Edge &e)
{
    const auto from = waypointAt(level, e.from), to = waypointAt(level, e.to);
    if (from && to) return (*from + *to) * 0.5;
    return from ? from : to;
}

std::optional<core::Vec3> patrolSpot(const document::Level &level, const document::Patrol &p, std::size_t stop)
{
    if (stop < p.stops.size())
        if (auto at = waypointAt(level, p.stops[stop])) return at;
    for (const std::string &s : p.stops)
        if (auto at = waypointAt(level, s)) return at;
    return std::nullopt;
}

} // namespace

std::string selectionKeyOf(const document::Level &level, const document::ProblemSubject &s)
{
    switch (s.part) {
    case Part::Waypoint:
        if (auto *w = item(level.waypoints, s.index)) return "waypoint:" + w->id;
        break;
    case Part::Edge:
    case Part::EdgeTo:
        if (auto *e = item(level.edges, s.index)) return "edge:" + document::edgeId(*e);
        break;
    case Part::Obstacle:
        if (auto *o = item(level.obstacles, s.index)) return "obstacle:" + o->id;
        break;
    case Part::Rail:
    case Part::RailPoint:
        if (auto *r = item(level.rails, s.index)) return "rail:" + r->id;
        break;
    case Part::Patrol:
    case Part::PatrolStop:
    case Part::PatrolStep:
    case Part::PatrolAgent:
        if (auto *p = item(level.patrols, s.index)) return "patrol:" + p->id;
        break;
    case Part::Agent:
    case Part::AgentField:
        if (auto *a = item(level.agents, s.index)) return "agent:" + a->id;
        break;
    case Part::Junction:
    case Part::JunctionLink:
        if (auto *j = item(level.junctions, s.index)) return "rail:" + j->rail;
        break;
    case Part::Level:
    case Part::Reference: break;
    }
    return {};
}

std::string subjectName(const document::Level &level, const document::ProblemSubject &s)
{
    const std::string nth = std::to_string(s.item + 1);
    switch (s.part) {
    case Part::Level: return "the file";
    case Part::Waypoint:
        if (auto *w = item(level.waypoints, s.index)) return "waypoint '" + w->id + "'";
        break;
    case Part::Edge:
    case Part::EdgeTo:
        if (auto *e = item(level.edges, s.index)) return "edge " + e->from + " > " + e->to;
        break;
    case Part::Obstacle:
        if (auto *o = item(level.obstacles, s.index)) return "obstacle '" + o->id + "'";
        break;
    case Part::Rail:
        if (auto *r = item(level.rails, s.index)) return "rail '" + r->id + "'";
        break;
    case Part::RailPoint:
        if (auto *r = item(level.rails, s.index)) return "rail '" + r->id + "', point " + nth;
        break;
    case Part::Patrol:
        if (auto *p = item(level.patrols, s.index)) return "patrol '" + p->id + "'";
        break;
    case Part::PatrolStop:
        if (auto *p = item(level.patrols, s.index)) return "patrol '" + p->id + "', stop " + nth;
        break;
    case Part::PatrolStep:
        if (auto *p = item(level.patrols, s.index)) return "patrol '" + p->id + "', step " + nth;
        break;
    case Part::PatrolAgent:
        if (auto *p = item(level.patrols, s.index)) return "patrol '" + p->id + "', its agent";
        break;
    case Part::Agent:
    case Part::AgentField:
        if (auto *a = item(level.agents, s.index)) return "agent '" + a->id + "'";
        break;
    case Part::Junction:
        if (auto *j = item(level.junctions, s.index)) return "junction '" + j->id + "'";
        break;
    case Part::JunctionLink:
        if (auto *j = item(level.junctions, s.index)) return "junction '" + j->id + "', link " + nth;
        break;
    case Part::Reference:
        if (auto *r = item(level.references, s.index)) return "reference '" + r->id + "'";
        break;
    }
    return "the level";
}

std::optional<core::Vec3> spotOf(const document::Level &level, const document::LevelProblem &problem)
{
    if (problem.spot) return problem.spot;
    const auto &s = problem.subject;
    switch (s.part) {
    case Part::Waypoint:
        if (auto *w = item(level.waypoints, s.index)) return w->position;
        break;
    case Part::Edge:
    case Part::EdgeTo:
        if (auto *e = item(level.edges, s.index)) return edgeMiddle(level, *e);
        break;
    case Part::Obstacle:
        if (auto *o = item(level.obstacles, s.index)) return obstacleCentre(*o);
        break;
    case Part::Rail:
    case Part::RailPoint:
        if (auto *r = item(level.rails, s.index); r && !r->points.empty())
            return r->points[std::min(s.part == Part::RailPoint ? s.item : 0, r->points.size() - 1)];
        break;
    case Part::Patrol:
    case Part::PatrolStop:
    case Part::PatrolStep:
    case Part::PatrolAgent:
        if (auto *p = item(level.patrols, s.index))
            return patrolSpot(level, *p, s.part == Part::PatrolStop ? s.item : 0);
        break;
    case Part::Agent:
    case Part::AgentField: break; // an agent has no place
    case Part::Junction:
    case Part::JunctionLink:
        if (auto *j = item(level.junctions, s.index)) return document::junctionPoint(level, *j);
        break;
    case Part::Level:
    case Part::Reference: break;
    }
    return std::nullopt;
}

} // namespace railforge::app
