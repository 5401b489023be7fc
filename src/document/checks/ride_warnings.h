// What a rail does to a rider that the level allows but a designer should hear about: on a rail a
// rider rides (one with a speed channel), the rail rolling faster than the roll-rate limit between
// two of its points. For the loader, `validate` and the editor's Problems panel alike.
#pragma once

#include "document/checks/level_problem.h"
#include "document/model/level.h"

namespace railforge::document {

// Warnings of each ridden rail's roll rate over `maxRollRate` degrees a metre, one per segment, at
// the segment's start point; `metresPerUnit` converts the level's lengths.
LevelProblems rideWarnings(const Level &level, double metresPerUnit, double maxRollRate);

} // namespace railforge::document
