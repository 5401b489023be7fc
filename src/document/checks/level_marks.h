// Where each object of a parsed level stood in its file, for located semantic checks.
#pragma once

#include <yaml-cpp/mark.h>

#include <vector>

namespace railforge::document {

// Parallel to the Level's vectors: the place of each object (its id, or the item itself).
struct LevelMarks {
    std::vector<YAML::Mark> waypoints;
    std::vector<YAML::Mark> edgeFrom;
    std::vector<YAML::Mark> edgeTo;
    std::vector<YAML::Mark> obstacles;
    std::vector<bool> obstacleShapeRead; // false when the shape itself was already reported as bad
    std::vector<YAML::Mark> rails;
    std::vector<std::vector<YAML::Mark>> railPoints;
    std::vector<YAML::Mark> patrols;
    std::vector<std::vector<YAML::Mark>> patrolStops;
    std::vector<std::vector<YAML::Mark>> patrolSteps;
    std::vector<YAML::Mark> junctions;
    std::vector<std::vector<YAML::Mark>> junctionLinks;
    std::vector<YAML::Mark> references;   // the file path's place
    std::vector<YAML::Mark> patrolAgents; // a patrol's `agent` (or `follow`), else its id
    std::vector<YAML::Mark> agents;
    std::vector<std::vector<YAML::Mark>> agentFields; // each AgentField's value (null when not written)
};

} // namespace railforge::document
