// The benchmarks' terrain: a 708 x 708 grid of heights (999,698 triangles, x and y from 0 to 707),
// as triangles or written as a glTF 2.0 file with an external buffer (y up, as glTF is).
#pragma once

#include "core/ground.h"

#include <QString>

#include <vector>

namespace railforge::bench {

inline constexpr int kTerrainSide = 708; // vertices per side

// The terrain's triangles in level coordinates.
std::vector<core::GroundTriangle> terrainTriangles();

// Writes terrain.gltf and terrain.bin into `folder`; returns the .gltf's path.
QString writeTerrainGltf(const QString &folder);

} // namespace railforge::bench
