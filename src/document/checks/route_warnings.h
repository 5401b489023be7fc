// What a designer sees go wrong with a patrol even when its route builds: an edge or a smoothed path
// through an obstacle, a smoothed path that runs backwards along a one-way edge (a smoothing step cut
// across the graph), and a step in height the waypoint path does not have (line of sight taking a
// guard off a ledge). Level > Check patrol routes lists them and marks them on the canvas;
// `railforge-cli validate` prints them as warnings.
#pragma once

#include "document/model/level.h"
#include "document/model/object_ref.h"
#include "document/routing/patrol_route.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

class LevelObstacleContext;

// One warning: what, where on the ground, and about which object.
struct RouteWarning {
    enum class Kind { EdgeThroughObstacle, PathThroughObstacle, AgainstOneWay, HeightStep };
    Kind kind = Kind::EdgeThroughObstacle;
    ObjectId object; // the edge or the patrol
    Vec3 at;         // the spot (for the canvas mark and the message)
    std::string message;
};

// How far a path may run beside a one-way edge before it counts as running along it, and the
// smallest step in height worth a warning, in level units.
struct RouteWarningLimits {
    double alongEdge = 0.5;
    double heightStep = 0.5;
};

// The warning for one edge from `from` to `to` (its waypoints' positions) when it crosses an obstacle.
std::optional<RouteWarning> edgeWarning(const Edge &edge, Vec3 from, Vec3 to, const LevelObstacleContext &obstacles);

// Edges that cross an obstacle (an agent following the graph walks through it).
std::vector<RouteWarning> edgeWarnings(const Level &level, const LevelObstacleContext &obstacles);

// A built route's smoothed path: through an obstacle, against a one-way edge, or stepping in height
// where its waypoint path (route.raw) does not. At most one warning of each kind per patrol (the first
// spot along the path), so a long bad stretch is one line, not hundreds.
std::vector<RouteWarning> pathWarnings(const Level &level, const Patrol &patrol, const PatrolRoute &route,
                                       const LevelObstacleContext &obstacles, const RouteWarningLimits &limits = {});

} // namespace railforge::document
