// The engine export (DESIGN "Engine export"): everything resolved and baked, so an engine needs no
// spline maths: rails as equal-spacing samples plus exact Bezier knots, patrols as sampled paths.
#pragma once

#include "document/level.h"
#include "railforge/smoothing_strategy.h"

#include <optional>
#include <string>

namespace railforge::document {

class LevelObstacleContext;
class StrategyRegistry;

// The export format's version.
inline constexpr int kExportFormatVersion = 1;

// The export's YAML text, or nothing with the reason in `error` (an unroutable patrol, a failing
// smoothing step, a spacing that would make too many samples). When a number to be written is not
// finite or a tangent not unit length (a bug, never bad data), the error starts "internal error" and
// `internalError`, when given, is set; it is also set when a strategy failed at run time (crashed,
// hung, returned bad points): neither is the level's fault.
std::optional<std::string> writeEngineExport(const Level &level, double spacing, const StrategyRegistry &registry,
                                             const LevelObstacleContext &context, std::string *error,
                                             bool *internalError = nullptr);

} // namespace railforge::document
