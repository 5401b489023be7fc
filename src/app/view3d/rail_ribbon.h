// A rail drawn as the track a rider sits on: a flat band across the rail's up (so banking shows),
// with a top face lit from above and an underside, built from the rail's rows and up vectors.
#pragma once

#include "app/view3d/rail_samples.h"

#include <cstdint>
#include <vector>

namespace railforge::app {

// Position and normal, as the GPU reads them.
struct MeshVertex {
    float x, y, z;
    float nx, ny, nz;
};

struct TriangleMesh {
    std::vector<MeshVertex> vertices;
    std::vector<std::uint32_t> indices;           // three per triangle, counter-clockwise seen from outside
    core::Vec3 lowest{0, 0, 0}, highest{0, 0, 0}; // bounds of the vertices
};

// The band `width` wide and `thickness` deep under the rail's rows (none for fewer than two rows).
TriangleMesh railRibbon(const RailSamples &rail, double width, double thickness);

// Bounds of a mesh's vertices, filled in.
void updateBounds(TriangleMesh &mesh);

} // namespace railforge::app
