// A patrol's path: A* through the waypoint graph between consecutive stops, then its smoothing
// pipeline, step by step, on each leg between two stops. Smoothing leg by leg keeps every stop on
// the path (agents wait at stops; line-of-sight must not skip one, Chaikin must not round it off).
#pragma once

#include "document/model/level.h"
#include "railforge/smoothing_strategy.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

class LevelObstacleContext;
class StrategyRegistry;

// Where a patrol that follows its agent's navigation mesh walks between two places: the navigation
// folder's answer (document/navigation/level_navigation.h); routing itself knows no navmesh.
class WalkFinder {
public:
    virtual ~WalkFinder() = default;
    struct Walk {
        std::vector<Vec3> points; // from `from` to `to`, heights on the walkable surface
        std::string error;        // why `to` cannot be reached from `from` (then no points)
    };
    // The walk for `agent`, or nothing when that agent has no navigation mesh (the level has no
    // walkable ground): the patrol is then routed on the waypoint graph, as before agents.
    virtual std::optional<Walk> walk(const std::string &agent, Vec3 from, Vec3 to) const = 0;
    // The smoothing context of a patrol with an agent: the level's obstacles and the walls of its
    // agent's walkable area near `path` (its raw path), so that "can an agent of radius r go straight
    // from a to b" is answered against where the agent can walk; null when its agent has no mesh.
    virtual std::shared_ptr<const LevelObstacleContext> walledContext(const Level &level, const Patrol &patrol,
                                                                      const std::vector<Vec3> &path) const = 0;
};

// The raw (A*) and smoothed path of a patrol, or why there is none.
struct PatrolRoute {
    std::vector<Vec3> raw;               // waypoint positions along the A* legs, stop to stop
    std::vector<Vec3> smoothed;          // each leg after every enabled pipeline step, legs joined at the stops
    bool loops = false;                  // a loop patrol: the path ends at its first stop and starts over
    std::vector<std::string> visits;     // the stops in the order the path reaches them (loop: first
                                         // again at the end; pingpong: the way back too)
    std::vector<std::size_t> visitIndex; // index into `smoothed` where the path reaches each visit
    std::string error;                   // empty on success; names the stops, the failing step, or a path of no length
    bool strategyFailed = false;         // the error is a plugin's runtime failure, not bad level data
    int failedStep = -1;                 // index of the smoothing step that failed, or -1
    int failedStop = -1;                 // index in the patrol's stops of a stop that cannot be reached, or -1
    bool showsLastGood = false; // (editor preview) `smoothed` is the last good path, kept while the pipeline fails
    bool walked = false;        // its legs were walked on its agent's navigation mesh (follow: navmesh)

    bool ok() const { return error.empty(); }
};

// The raw path: loop visits the stops and returns to the first; pingpong walks there and back;
// once walks the stops in order. Loop and pingpong paths end at the first stop (the point is
// repeated). One-way edges are respected and an edge's cost defaults to its length. Unreachable
// legs name both stops. A patrol that follows the navmesh walks each leg with `walker` (when it has a
// mesh for the patrol's agent), else the graph.
PatrolRoute rawPatrolRoute(const Level &level, const Patrol &patrol, const WalkFinder *walker = nullptr);

// The raw path with each leg run through the patrol's enabled smoothing steps in order, as an open
// path from stop to stop. A path that never leaves one place (all stops there) is an error: it has
// no length and no direction.
PatrolRoute routePatrol(const Level &level, const Patrol &patrol, const StrategyRegistry &registry,
                        const LevelObstacleContext &context, const WalkFinder *walker = nullptr);

// The waypoints each leg of the patrol's graph route passes, stop to stop (nothing when a stop is
// missing or cannot be reached): the edges its agent walks straight.
std::vector<std::vector<std::string>> graphLegWaypoints(const Level &level, const Patrol &patrol);

} // namespace railforge::document
