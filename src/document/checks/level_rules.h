// The rules a level must keep, over the level as it is: unique ids, edges and stops that name
// waypoints, obstacles with a simple outline, rails with two different points and none too close,
// patrols with a length, and the junction warnings. The loader reports them at their places in the
// file, the editor lists them live in its Problems panel, every CLI command that writes a level
// checks what it writes with them.
#pragma once

#include "document/checks/level_problem.h"
#include "document/model/level.h"

#include <vector>

namespace railforge::document {

// What the caller already knows about the level.
struct RuleOptions {
    // The loader checks rail points as it reads them (before channels and junctions use the rail).
    bool railPoints = true;
    // Parallel to level.obstacles when given: false where the shape itself was already reported as
    // bad, so its outline is not checked again.
    const std::vector<bool> *obstacleShapeRead = nullptr;
};

// Every problem, errors and warnings, grouped by kind in the level's order.
LevelProblems levelRuleProblems(const Level &level, const RuleOptions &options = {});

// The problems of the points of `rail`, rails[index] of its level: all at one place (about the rail)
// or two too close (about the second point).
LevelProblems railPointProblems(const Rail &rail, std::size_t index);

// Largest polygon (in vertices) whose simplicity is checked; the check is quadratic.
inline constexpr std::size_t kMaxCheckedPolygonVertices = 4096;

} // namespace railforge::document
