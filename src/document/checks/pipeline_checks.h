// The smoothing pipelines of a level checked against the strategies installed here, so that a build
// pipeline's `validate` fails where `route` would: unknown strategies and parameters a strategy's
// metadata refuses, each at its step's FILE:LINE:COLUMN.
#pragma once

#include "document/checks/level_marks.h"
#include "document/checks/level_problem.h"
#include "document/model/level.h"
#include "document/text/diagnostic.h"

#include <string>

namespace railforge::document {

class StrategyRegistry;

// How to treat a step whose strategy is not installed.
enum class MissingStrategies {
    AreErrors,   // the default: the level cannot be routed here
    AreWarnings, // for machines without a studio's private plugins; known strategies are still checked
};

// A problem for every step of every patrol that would not run here (enabled or not: a disabled step
// is one click from running), about the step.
LevelProblems pipelineProblems(const Level &level, const StrategyRegistry &registry, MissingStrategies missing);

// Diagnostics for every step of every patrol (enabled or not: a disabled step is one click from
// running). `marks` are the level's file positions, `file` names the file in the messages.
Diagnostics checkPipelines(const Level &level, const LevelMarks &marks, const StrategyRegistry &registry,
                           const std::string &file, MissingStrategies missing);

} // namespace railforge::document
