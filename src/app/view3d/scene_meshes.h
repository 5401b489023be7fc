// The meshes of the 3D view other than rails, as plain data: obstacles as prisms, the ground's
// meshes and heightmaps, and the grid under the level.
#pragma once

#include "app/view3d/rail_ribbon.h"
#include "core/ground.h"
#include "document/model/level.h"

#include <vector>

namespace railforge::app {

// Every obstacle as a prism from `bottom` to `top` (obstacles stand on the plan with no height of
// their own): walls, and caps triangulated by ear clipping so concave outlines fill right.
TriangleMesh obstaclePrisms(const std::vector<document::Obstacle> &obstacles, double bottom, double top);

// The triangles of one ground source with flat normals facing up (a mesh) or a heightmap's grid of
// cells, two triangles each, with smooth normals. At most `maxCells` cells of a heightmap (it is
// thinned evenly beyond that).
TriangleMesh groundSourceMesh(const core::GroundSource &source, int maxCells = 512 * 512);

// Lines of a square grid at height z covering [x0, x1] x [y0, y1], `step` apart.
std::vector<core::Vec3> gridLines(double x0, double y0, double x1, double y1, double z, double step);

// A round marker of radius 1 about the origin: an octahedron (8 flat faces), so ten thousand
// waypoints cost 80,000 triangles rather than the millions of a smooth sphere.
TriangleMesh markerMesh();

// Triangles (indices into `outline`) filling a simple polygon, whichever way it winds.
std::vector<std::uint32_t> triangulatePolygon(const std::vector<document::Point2> &outline);

} // namespace railforge::app
