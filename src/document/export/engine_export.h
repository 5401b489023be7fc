// The engine export (docs/export-format.md, schema resources/schema/export.schema.json): everything
// resolved and baked, so an engine needs no spline maths: rails as equal-spacing samples with their
// frames plus exact Bezier knots, patrols as sampled paths with their stops, and the waypoint graph
// ready for an engine's own A*. JSON or YAML with the same content, same level -> same bytes.
#pragma once

#include "document/export/tree_writer.h"
#include "document/model/level.h"
#include "document/routing/patrol_route.h"
#include "railforge/smoothing_strategy.h"

#include <map>
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
// An agent's navigation mesh as the export carries it, in level units: shared corners (on the walkable
// surface), convex polygons of indices into them in Detour's own corner order (the order Godot's
// NavigationMesh takes them in; a corner of a neighbouring tile's polygon that lies on an edge is in
// that edge too, so polygons that meet share their edges exactly), and the cell it was baked on.
struct ExportedNavMesh {
    double cell = 0;
    std::vector<Vec3> vertices;
    std::vector<std::vector<std::uint32_t>> polygons;
};
using ExportedNavMeshes = std::map<std::string, ExportedNavMesh>; // by agent id

// Patrols that follow the navmesh walk it with `walker` (none: the graph, as without agents); each
// agent of `navmeshes` carries its mesh (`agents[].navmesh`).
std::optional<std::string> writeEngineExport(const Level &level, double spacing, const StrategyRegistry &registry,
                                             const LevelObstacleContext &context, std::string *error,
                                             bool *internalError = nullptr, TreeFormat format = TreeFormat::Yaml,
                                             const WalkFinder *walker = nullptr,
                                             const ExportedNavMeshes *navmeshes = nullptr);

} // namespace railforge::document
