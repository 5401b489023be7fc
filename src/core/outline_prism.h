// A closed 2D outline made solid: extruded along z into a prism with flat sides and both ends
// capped, concave outlines too (ear clipping). A custom tie is one (docs/design.md "Track meshes").
#pragma once

#include "core/vec3.h"

#include <array>
#include <cstdint>
#include <vector>

namespace railforge::core {

// Triangles with one normal per vertex.
struct PrismMesh {
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;          // unit, outward
    std::vector<std::uint32_t> indices; // counter-clockwise seen from outside
};

// Triangles covering a simple polygon (either winding), as indices into it, each counter-clockwise in
// the polygon's plane; none for fewer than 3 points or no area. Ear clipping: O(n^2) on usual
// outlines; a self-crossing outline gets what the clipping finds before it stalls.
std::vector<std::uint32_t> triangulateOutline(const std::vector<std::array<double, 2>> &outline);

// The outline (x, y) extruded from z = -length / 2 to length / 2: a band of quads, one normal per side,
// and a cap at each end.
PrismMesh outlinePrism(const std::vector<std::array<double, 2>> &outline, double length);

} // namespace railforge::core
