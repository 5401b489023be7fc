#include "document/checks/edit_rules.h"

#include "document/model/number_limits.h"
#include "document/model/object_ref.h"
#include "document/text/id_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace railforge::document {

std::string whyRailCannotClose(const Rail &rail)
{
    return rail.points.size() < 3 ? "a closed rail needs at least 3 points" : "";
}

std::vector<std::pair<std::size_t, std::size_t>> railPointsTooClose(const Rail &rail)
{
    std::vector<std::pair<std::size_t, std::size_t>> out;
    const std::size_t n = rail.points.size();
    if (n < 2) return out;
    const std::size_t segments = rail.closed ? n : n - 1;
    for (std::size_t i = 0; i < segments; ++i) {
        const std::size_t j = (i + 1) % n;
        // Differences are formed per coordinate: their squares could underflow to a length of 0.
        const core::Vec3 d = rail.points[j] - rail.points[i];
        const double gap = std::max({std::abs(d.x), std::abs(d.y), std::abs(d.z)});
        if (rail.points[i] != rail.points[j] && gap < kMinRailSegment) out.emplace_back(i, j);
    }
    return out;
}

std::string tooCloseMessage(const Rail &rail, std::size_t i, std::size_t j)
{
    const core::Vec3 d = rail.points[j] - rail.points[i];
    const double distance = core::distance(rail.points[i], rail.points[j]);
    const double shown = distance > 0 ? distance : std::max({std::abs(d.x), std::abs(d.y), std::abs(d.z)});
    char number[32];
    std::snprintf(number, sizeof number, "%.3g", shown);
    return "rail '" + rail.id + "' points " + std::to_string(i + 1) + " and " + std::to_string(j + 1) + " are " +
           number + " apart: closer than the resolution 1e-6 but not equal; make them equal or move them apart";
}

std::string whyRailPointsTooClose(const Rail &rail)
{
    const auto pairs = railPointsTooClose(rail);
    return pairs.empty() ? "" : tooCloseMessage(rail, pairs.front().first, pairs.front().second);
}

std::string whyRailPointCannotGo(const Rail &rail)
{
    return rail.points.size() <= 2 ? "a rail keeps at least 2 points" : "";
}

std::string whyBadAlpha(double alpha)
{
    return withinAlphaRange(alpha) ? "" : "alpha lies between 0 (uniform) and 1 (chordal)";
}

std::string whyBadTilt(double degrees)
{
    return withinTiltRange(degrees) ? "" : "a tilt lies within +-36000 degrees (100 rolls)";
}

std::string whyBadCoordinate(double value, const std::string &what)
{
    return withinCoordinateRange(value) ? "" : what + " must be a number within ±1e9";
}

std::string whyBadSpacing(double spacing)
{
    return withinSpacingRange(spacing) ? "" : "a sample spacing is a number within [1e-6, 1e9]";
}

std::string whyBadRadius(double radius)
{
    return withinRadiusRange(radius) ? "" : "a radius is a number greater than 0, at most 1e9";
}

std::string whyBadCost(double cost)
{
    return withinCostRange(cost) ? "" : "a cost is a number greater than 0, at most 1e15 (empty: the edge's length)";
}

const char *agentFieldName(AgentField field)
{
    switch (field) {
    case AgentField::Radius: return "radius";
    case AgentField::Height: return "height";
    case AgentField::Climb: return "climb";
    case AgentField::Slope: return "slope";
    case AgentField::Cell: return "cell";
    }
    return "radius";
}

std::vector<std::pair<AgentField, std::string>> agentProblems(const Agent &agent)
{
    std::vector<std::pair<AgentField, std::string>> out;
    const std::string name = "agent '" + agent.id + "' ";
    const auto positive = [&](AgentField field, double v, bool zeroToo) {
        if (zeroToo ? v >= 0 && v <= kMaxCoordinate : withinRadiusRange(v)) return;
        out.push_back({field, name + agentFieldName(field) + " must be a number " +
                                  (zeroToo ? "of 0 or more" : "greater than 0") + ", at most 1e9"});
    };
    positive(AgentField::Radius, agent.radius, false);
    positive(AgentField::Height, agent.height, false);
    positive(AgentField::Climb, agent.climb, true);
    if (!(agent.slope > 0 && agent.slope < 90))
        out.push_back({AgentField::Slope, name + "slope must be between 0 and 90 degrees (both left out)"});
    if (agent.cell && !withinRadiusRange(*agent.cell))
        out.push_back({AgentField::Cell, name + "navmesh cell must be a number greater than 0, at most 1e9"});
    return out;
}

std::string whyBadValues(const AnyObject &object)
{
    auto point = [](Vec3 p, const std::string &what) {
        for (double v : {p.x, p.y, p.z})
            if (std::string why = whyBadCoordinate(v, what); !why.empty()) return why;
        return std::string();
    };
    if (const auto *w = std::get_if<Waypoint>(&object)) return point(w->position, "a coordinate");
    if (const auto *e = std::get_if<Edge>(&object)) return e->cost ? whyBadCost(*e->cost) : "";
    if (const auto *o = std::get_if<Obstacle>(&object)) {
        if (o->shape == Obstacle::Shape::Circle) {
            if (std::string why = point({o->circle.center.x, o->circle.center.y, 0}, "a coordinate"); !why.empty())
                return why;
            return whyBadRadius(o->circle.radius);
        }
        for (const Point2 &p : o->polygon)
            if (std::string why = point({p.x, p.y, 0}, "a coordinate"); !why.empty()) return why;
        return "";
    }
    if (const auto *r = std::get_if<Rail>(&object)) {
        for (const Vec3 &p : r->points)
            if (std::string why = point(p, "a coordinate"); !why.empty()) return why;
        for (const PointHandles &h : r->handles)
            for (const Vec3 &offset : {h.in, h.out})
                if (std::string why = point(offset, "a handle offset"); !why.empty()) return why;
        for (double tilt : r->tilts)
            if (std::string why = whyBadTilt(tilt); !why.empty()) return why;
        if (std::string why = whyBadAlpha(r->alpha); !why.empty()) return why;
        if (std::string why = whyRailPointsTooClose(*r); !why.empty()) return why;
        if (r->track)
            if (std::string why = whyBadTrackStyle(*r->track); !why.empty()) return "the track: " + why;
    }
    if (const auto *a = std::get_if<Agent>(&object)) {
        const auto problems = agentProblems(*a);
        return problems.empty() ? "" : problems.front().second;
    }
    if (const auto *p = std::get_if<Patrol>(&object))
        if (p->follow == PatrolFollow::NavMesh && p->agent.empty())
            return "a patrol that follows the navmesh needs an agent (whose navmesh it walks)";
    return "";
}

std::string whyCannotConnect(const Level &level, const std::string &from, const std::string &to, bool bidirectional)
{
    if (from == to) return "a waypoint cannot be connected to itself";
    if (!findObject(level, {ObjectKind::Waypoint, from})) return "no waypoint '" + from + "'";
    if (!findObject(level, {ObjectKind::Waypoint, to})) return "no waypoint '" + to + "'";
    for (const Edge &e : level.edges) {
        const bool same = e.from == from && e.to == to;
        const bool reverse = e.from == to && e.to == from;
        if (same || (reverse && (e.bidirectional || bidirectional)))
            return from + " and " + to + " are already connected";
    }
    return "";
}

std::string whyEdgeCannotBeTwoWay(const Level &level, const Edge &edge)
{
    for (const Edge &other : level.edges)
        if (other.from == edge.to && other.to == edge.from) return "an edge already runs the other way";
    return "";
}

std::string whyBadId(const Level &level, ObjectKind kind, const std::string &oldId, const std::string &newId)
{
    if (std::string why = whyBadIdText(newId); !why.empty()) return why;
    if (kind == ObjectKind::Edge) return "edges are named by their waypoints";
    if (newId != oldId && findObject(level, {kind, newId}))
        return std::string("another ") + kindName(kind) + " is already called '" + newId + "'";
    return "";
}

std::string whyTooFewStops(std::size_t stops) { return stops < 2 ? "a patrol needs at least 2 stops" : ""; }

} // namespace railforge::document
