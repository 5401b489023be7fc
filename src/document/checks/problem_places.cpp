#include "document/checks/problem_places.h"

namespace railforge::document {
namespace {

YAML::Mark at(const std::vector<YAML::Mark> &marks, std::size_t i)
{
    return i < marks.size() ? marks[i] : YAML::Mark::null_mark();
}

// An item's own mark, else its object's.
YAML::Mark itemOr(const std::vector<std::vector<YAML::Mark>> &items, const std::vector<YAML::Mark> &objects,
                  const ProblemSubject &s)
{
    if (s.index < items.size() && s.item < items[s.index].size()) return items[s.index][s.item];
    return at(objects, s.index);
}

} // namespace

YAML::Mark markOf(const ProblemSubject &s, const LevelMarks &marks)
{
    using Part = ProblemSubject::Part;
    switch (s.part) {
    case Part::Level: return YAML::Mark::null_mark();
    case Part::Waypoint: return at(marks.waypoints, s.index);
    case Part::Edge: return at(marks.edgeFrom, s.index);
    case Part::EdgeTo: return at(marks.edgeTo, s.index);
    case Part::Obstacle: return at(marks.obstacles, s.index);
    case Part::Rail: return at(marks.rails, s.index);
    case Part::RailPoint: return itemOr(marks.railPoints, marks.rails, s);
    case Part::Patrol: return at(marks.patrols, s.index);
    case Part::PatrolStop: return itemOr(marks.patrolStops, marks.patrols, s);
    case Part::PatrolStep: return itemOr(marks.patrolSteps, marks.patrols, s);
    case Part::Junction: return at(marks.junctions, s.index);
    case Part::JunctionLink: return itemOr(marks.junctionLinks, marks.junctions, s);
    case Part::Reference: return at(marks.references, s.index);
    case Part::PatrolAgent: {
        const YAML::Mark own = at(marks.patrolAgents, s.index);
        return own.line >= 0 ? own : at(marks.patrols, s.index);
    }
    case Part::Agent: return at(marks.agents, s.index);
    case Part::AgentField: {
        const YAML::Mark own = itemOr(marks.agentFields, marks.agents, s);
        return own.line >= 0 ? own : at(marks.agents, s.index);
    }
    }
    return YAML::Mark::null_mark();
}

Diagnostics locateProblems(const LevelProblems &problems, const LevelMarks &marks, const std::string &file)
{
    Diagnostics out;
    out.reserve(problems.size());
    for (const LevelProblem &p : problems) {
        const YAML::Mark mark = markOf(p.subject, marks);
        const bool located = mark.line >= 0;
        out.push_back({p.severity, file, located ? mark.line + 1 : 0, located ? mark.column + 1 : 0, p.message});
    }
    return out;
}

} // namespace railforge::document
