// The walkability of patrols with an agent, for validate and the Problems panel alike: every waypoint
// such a patrol uses stands on its agent's navigation mesh (else how far off it is and where the
// nearest walkable place is), every edge a graph-following one walks is walkable straight at the
// agent's size (else where it is blocked, and whether a walkable way exists at all), an agent whose
// mesh cannot be baked is an error, and a level whose patrols have agents but no walkable ground is
// told so once (its patrols route on the graph, as before agents). Stops their agent cannot reach are
// route_checks' errors, through LevelNavigation's walks; a smoothing step that takes a path off the
// walkable ground is navmeshPathWarnings'.
#pragma once

#include "document/checks/level_problem.h"
#include "document/model/level.h"
#include "document/navigation/level_navigation.h"
#include "document/routing/patrol_route.h"

namespace railforge::document {

LevelProblems navigationProblems(const Level &level, const LevelNavigation &navigation);

// Where a patrol's route (smoothed) leaves its agent's walkable ground: a warning about the patrol at
// the first place each leg's smoothing takes it off (none for a patrol with no agent or mesh).
LevelProblems navmeshPathProblems(const Level &level, std::size_t patrol, const PatrolRoute &route,
                                  const LevelNavigation &navigation);

} // namespace railforge::document
