// Patrols whose stops the waypoint graph cannot connect, located at the stop in the file, so that
// `validate` refuses what `route` and `export` would, and all three say where.
#pragma once

#include "document/checks/level_marks.h"
#include "document/checks/level_problem.h"
#include "document/model/level.h"
#include "document/routing/patrol_route.h"
#include "document/text/diagnostic.h"

#include <string>

namespace railforge::document {

// The same, about the stop (or the patrol when the route fails elsewhere). A patrol that follows the
// navmesh is walked with `walker` (its stops must be reachable on its agent's mesh).
LevelProblems patrolRouteProblems(const Level &level, const std::string &onlyPatrol = {},
                                  const WalkFinder *walker = nullptr);

// An error for each patrol (all of them, or only `onlyPatrol` when it is not empty) with a stop that
// is no waypoint or cannot be reached through the graph (or its agent's navmesh), at that stop's
// FILE:LINE:COLUMN.
Diagnostics checkPatrolRoutes(const Level &level, const LevelMarks &marks, const std::string &file,
                              const std::string &onlyPatrol = {}, const WalkFinder *walker = nullptr);

} // namespace railforge::document
