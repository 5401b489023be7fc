// What goes wrong with the level's ground that the designer should hear about, at the object's
// place: reference files refused or unreadable, and rails that run below the ground.
#pragma once

#include "document/checks/level_marks.h"
#include "document/checks/level_problem.h"
#include "document/ground/level_ground.h"
#include "document/text/diagnostic.h"

namespace railforge::document {

// A rail point counts as below the ground when some ground covers it from above and none lies at or
// below it (under a bridge deck, over the road, is not below the ground); how far below is the
// highest ground there minus its height.
struct UndergroundStretch {
    std::size_t rail = 0;
    double depth = 0.0; // the deepest, in level units
    double s = 0.0;     // where, along the rail
};

// The deepest point of `rail` (rails[index] of its level) below the ground by more than 1e-6.
std::optional<UndergroundStretch> railBelowGround(const Rail &rail, std::size_t index, const core::GroundSet &ground,
                                                  double spacing);

// The warning about a stretch railsBelowGround found, at its deepest spot.
LevelProblem undergroundProblem(const Level &level, const UndergroundStretch &stretch);

// The deepest point of each rail below the ground by more than 1e-6, from samples every `spacing`
// (and at every control point) of the exact curve.
std::vector<UndergroundStretch> railsBelowGround(const Level &level, const core::GroundSet &ground, double spacing);

// Rail r of `level` and the ground: below it (undergroundProblem), through a surface or too close
// under one (surface_checks.h).
LevelProblems railGroundProblems(const Level &level, std::size_t r, const core::GroundSet &ground);

// Each reference file in `unread` (about the reference: an error when a rule of project_files.h
// refused it, a warning when it is missing or unreadable) and each rail below `ground` (a warning
// about the rail, at its deepest spot), and railGroundProblems of each rail.
LevelProblems groundLevelProblems(const Level &level, const std::vector<UnreadReference> &unread,
                                  const core::GroundSet &ground);

// Each reference file that could not be read, at its path in `file`: an error when a rule of
// project_files.h refused it, a warning when it is missing or unreadable; and "rail r passes 2.31
// below the ground at s = 140.2" at each such rail, a warning.
Diagnostics groundProblems(const Level &level, const LevelMarks &marks, const LevelGround &ground,
                           const std::string &file);

} // namespace railforge::document
