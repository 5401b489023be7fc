// A rail drawn as the track a rider sits on: a flat band across the rail's up (so banking shows),
// built from the rail's rows and up vectors, its normals the up (drawn from both sides).
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

// The band `width` wide along the rail's rows (none for fewer than two rows): two triangles a row.
// Its vertices are the rows in order, left then right; the functions below rely on that.
TriangleMesh railRibbon(const RailSamples &rail, double width);

// Which rows of `rows` are kept when only every `stride`-th is drawn: 0, stride, 2 stride, ... and
// the last.
std::vector<std::size_t> rowsAtStride(std::size_t rows, int stride);
// A ribbon of railRibbon through only the rows rowsAtStride keeps (the same band, coarser).
TriangleMesh ribbonAtStride(const TriangleMesh &ribbon, int stride);
// The centre line of a ribbon of railRibbon through the rows rowsAtStride keeps.
std::vector<core::Vec3> ribbonCentreLine(const TriangleMesh &ribbon, int stride);

// Bounds of a mesh's vertices, filled in.
void updateBounds(TriangleMesh &mesh);

} // namespace railforge::app
