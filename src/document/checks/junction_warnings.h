// What a junction does to a rider that the level allows but a designer should hear about: a way that
// turns sharply from the way in, the rider's up jumping onto a way, a linked end above or below the
// junction's point. Over the level as it is, for the loader, `validate` and the editor alike.
#pragma once

#include "document/checks/level_problem.h"
#include "document/model/level.h"

namespace railforge::document {

// A way turning more than this from the way in is warned about (degrees).
inline constexpr double kJunctionTurnWarning = 45.0;
// The rider's up turning more than this onto a way is a tilt jump (degrees).
inline constexpr double kJunctionTiltWarning = 15.0;
// How far (in level units) a linked end may be from its junction's point: in the plan before it is an
// error, in height before it is a jump.
inline constexpr double kJunctionTolerance = 1e-3;

// Warnings at each junction's links, in junction and link order. Junctions whose trunk or linked
// rails are not in the level are skipped (the rules report those).
LevelProblems junctionWarnings(const Level &level);

} // namespace railforge::document
