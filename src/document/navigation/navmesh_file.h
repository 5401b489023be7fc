// An agent's navigation mesh as a file an engine or a DCC reads: glTF 2.0 (.glb or .gltf) or OBJ,
// y up and in metres as the track meshes are (a level point x, y, z is x, z, -y). One node named after
// the agent, its extras holding the sizes it was baked for; its polygons triangulated (OBJ keeps them
// whole), every corner on the exact walkable surface under it.
#pragma once

#include "document/export/engine_export.h"
#include "document/model/level.h"
#include "document/navigation/level_navigation.h"

#include <string>

namespace railforge::document {

// The walkable polygons, each corner's height taken from the ground (LevelNavigation::onGround).
std::vector<std::vector<Vec3>> walkablePolygons(const nav::NavMesh &mesh, const LevelNavigation &navigation);

// The mesh as the engine export carries it (shared corners on the ground, Detour's corner order).
ExportedNavMesh exportedNavMesh(const nav::NavMesh &mesh, const LevelNavigation &navigation);
// Every agent of the level that has a mesh in `navigation`, for the engine export.
ExportedNavMeshes exportedNavMeshes(const Level &level, const LevelNavigation &navigation);

// The file's bytes ("" with `error` when there is nothing walkable or the writer fails).
std::string navmeshGltf(const Agent &agent, const nav::NavMesh &mesh, const LevelNavigation &navigation,
                        double metresPerUnit, bool binary, std::string *error);
std::string navmeshObj(const Agent &agent, const nav::NavMesh &mesh, const LevelNavigation &navigation,
                       double metresPerUnit, std::string *error);

} // namespace railforge::document
