// The geometry of any rail value by its shape, for the code that has a Rail but no document: checks,
// edits, export, merge, the ground fitting and the CLI. One process-wide store, keyed by shape
// (rail_points.h sameShape: points, closed, spline and alpha, frame mode, handles, tilts), so a rail
// that several checks and the export each read is measured once, and a rail an edit left unchanged
// is not measured again. Thread-safe (the editor's checks run on workers); it keeps the most recently
// asked geometries up to a bound, and a caller's shared pointer keeps its own alive past that.
#pragma once

#include "document/model/rail_geometry_cache.h"

#include <cstddef>
#include <memory>

namespace railforge::document {

// How many geometries the store keeps, and about how many bytes of tables and frames (the least
// recently asked go first beyond either: a long drag of a long rail makes a new shape every step).
inline constexpr std::size_t kShapeGeometryKept = 2048;
inline constexpr std::size_t kShapeGeometryBytes = std::size_t(48) << 20;

// The geometry of `rail`'s shape (its arc-length table now, frames on first ask). Its rail() is the
// shape it was built from: the id, channels and properties may be another rail's of the same shape.
std::shared_ptr<const RailGeometry> geometryOfShape(const Rail &rail);

// The arc-length table of a polyline (a patrol's smoothed path; not kept: each is made once).
core::ArcLengthTable pathTable(const std::vector<core::Vec3> &path);

// How many arc-length tables the store has built since the program started (tests count them).
std::size_t shapeGeometryBuilds();
// About how many bytes the geometries the store keeps hold now.
std::size_t shapeGeometryBytes();

} // namespace railforge::document
