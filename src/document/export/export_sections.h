// The parts of the engine export that are the level as it is, resolved for a runtime: the header
// (format, version, level, coordinates), the waypoint graph and the obstacles (docs/export-format.md).
#pragma once

#include "core/vec3.h"
#include "document/export/engine_export.h"
#include "document/export/tree_writer.h"
#include "document/model/level.h"

namespace railforge::document {

// [x, y, z] as a flow row.
void writePoint(TreeWriter &w, core::Vec3 p);

// format, version, level {name, units}, coordinates {up, handedness, metres_per_unit}.
void writeExportHeader(TreeWriter &w, const Level &level);

// graph: nodes (id, position, properties) and edges (from, to, resolved cost, bidirectional, properties).
void writeExportGraph(TreeWriter &w, const Level &level);

// obstacles: polygon or circle, with properties.
void writeExportObstacles(TreeWriter &w, const Level &level);

// junctions (only when the level has some): id, position, at {rail, s}, the direction riders
// arrive in, ways [{rail, s, direction}], the default way's rail, properties.
void writeExportJunctions(TreeWriter &w, const Level &level);

// The agents patrols name, with their sizes (an engine makes its own navigation agents of them) and,
// for those in `navmeshes`, their navigation meshes; nothing when the level has none.
void writeExportAgents(TreeWriter &w, const Level &level, const ExportedNavMeshes *navmeshes);

} // namespace railforge::document
