// Reading what references point to: a level mesh (glTF 2.0, OBJ, FBX, through assimp) as ground
// triangles placed in the level, and a greyscale PNG as a height grid. Conventions: model/reference.h.
#pragma once

#include "core/ground.h"
#include "document/model/reference.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// A mesh file point in level coordinates: the up convention, then scale, rotation about +z, translation.
core::Vec3 placeMeshPoint(const Reference &reference, core::Vec3 filePoint);

// The triangles of a mesh reference's file, placed in the level; nothing and `error` when the file
// is missing or assimp cannot read it.
std::optional<std::vector<core::GroundTriangle>> readMeshTriangles(const Reference &reference, const QString &path,
                                                                   std::string *error);

// A heightmap reference's PNG as a height grid (8 or 16 bit grey; colour images use their grey
// value); nothing and `error` when it is missing, unreadable or smaller than 2 x 2.
std::shared_ptr<core::HeightGrid> readHeightGrid(const Reference &reference, const QString &path, std::string *error);

} // namespace railforge::document
