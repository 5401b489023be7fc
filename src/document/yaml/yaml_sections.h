// The YAML sections the level document and the engine export share, written identically.
#pragma once

#include "document/model/level.h"

#include <string>

namespace railforge::document {

// Appends "waypoints:" and one flow mapping per waypoint ("waypoints: []" when empty).
void writeWaypoints(std::string &out, const std::vector<Waypoint> &waypoints);
// Appends "edges:"; bidirectional and cost only when they differ from the defaults.
void writeEdges(std::string &out, const std::vector<Edge> &edges);
// Appends "obstacles:" with polygons or circles.
void writeObstacles(std::string &out, const std::vector<Obstacle> &obstacles);
// ", properties: {...}" for flow-style items that have properties, else nothing.
std::string flowProperties(const Properties &properties);

} // namespace railforge::document
