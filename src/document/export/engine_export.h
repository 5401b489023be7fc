// The engine export (docs/export-format.md, schema resources/schema/export.schema.json): everything
// resolved and baked, so an engine needs no spline maths: rails as equal-spacing samples with their
// frames plus exact Bezier knots, patrols as sampled paths with their stops, and the waypoint graph
// ready for an engine's own A*. JSON or YAML with the same content, same level -> same bytes.
#pragma once

#include "document/export/tree_writer.h"
#include "document/model/level.h"
#include "railforge/smoothing_strategy.h"

#include <optional>
#include <string>
#include <string_view>

namespace railforge::document {

class LevelObstacleContext;
class StrategyRegistry;

// The export format's version.
inline constexpr int kExportFormatVersion = 2;

// The format an output file's name asks for: ".json" JSON, ".yaml" / ".yml" YAML (any case);
// nothing for any other name.
std::optional<TreeFormat> exportFormatForPath(std::string_view path);

// The export's text, or nothing with the reason in `error` (an unroutable patrol, a failing
// smoothing step, a spacing that would make too many samples). When a number to be written is not
// finite or a tangent or up vector not unit length (a bug, never bad data), the error starts
// "internal error" and `internalError`, when given, is set; it is also set when a strategy failed
// at run time (crashed, hung, returned bad points): neither is the level's fault.
std::optional<std::string> writeEngineExport(const Level &level, double spacing, const StrategyRegistry &registry,
                                             const LevelObstacleContext &context, std::string *error,
                                             bool *internalError = nullptr, TreeFormat format = TreeFormat::Yaml);

} // namespace railforge::document
