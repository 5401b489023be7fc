// A problem with a level as it is in memory, named by the object (and the part of it) it is about
// rather than by a place in a file: the loader maps it to FILE:LINE:COLUMN (problem_places.h), the
// editor to an object it selects and a spot it marks on the plan.
#pragma once

#include "core/vec3.h"
#include "document/text/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// What a problem is about, by its place in the level's lists.
struct ProblemSubject {
    enum class Part {
        Level,        // the level as a whole
        Waypoint,     // waypoints[index]
        Edge,         // edges[index] (its `from`)
        EdgeTo,       // edges[index]'s `to`
        Obstacle,     // obstacles[index]
        Rail,         // rails[index]
        RailPoint,    // rails[index].points[item]
        Patrol,       // patrols[index]
        PatrolStop,   // patrols[index].stops[item]
        PatrolStep,   // patrols[index].smoothing[item]
        Junction,     // junctions[index]
        JunctionLink, // junctions[index].links[item]
        Reference,    // references[index]
        PatrolAgent,  // patrols[index]'s agent
        Agent,        // agents[index]
        AgentField,   // agents[index]'s number `item` (checks/edit_rules.h AgentField)
    };
    Part part = Part::Level;
    std::size_t index = 0;
    std::size_t item = 0;
    friend bool operator==(const ProblemSubject &, const ProblemSubject &) = default;
};

// One problem: how bad, about what, what is wrong, and (when the check knows a better spot than the
// object's own place, say the deepest point of a rail under the ground) where.
struct LevelProblem {
    Severity severity = Severity::Warning;
    ProblemSubject subject;
    std::string message;
    std::optional<core::Vec3> spot;
    friend bool operator==(const LevelProblem &, const LevelProblem &) = default;
};

using LevelProblems = std::vector<LevelProblem>;

} // namespace railforge::document
