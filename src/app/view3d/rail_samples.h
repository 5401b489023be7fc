// A rail as the 3D view draws, picks and rides it: its arc-length table and frames, and rows at
// equal arc-length steps with the up vectors the engine export writes at those rows
// (core::sample + core::upVectors, the same calls as the export and `railforge-cli sample`).
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"
#include "document/model/level.h"
#include "document/model/rail_geometry_cache.h"

#include <memory>
#include <vector>

namespace railforge::app {

struct RailSamples {
    std::shared_ptr<const document::RailGeometry> geometry; // the document's (shared with the other views)
    std::vector<core::CurveSample> rows;
    std::vector<core::Vec3> ups; // one per row
    double length = 0.0;

    const core::ArcLengthTable &table() const { return geometry->table(); }
    const core::FrameTable &frames() const { return geometry->frames(); }
};

// Rows at most this far apart (level units), and at most `maxRows` of them per rail.
inline constexpr double kViewRowSpacing = 0.25;

// How many rows a rail may have in a level of `rails` rails: a budget of about 150,000 rows for
// the whole level (a software renderer draws some ten million triangles a second), in steps of
// two so that adding a rail seldom changes it: 1,024 rows up to 150 rails, down to 128 from 600.
int viewRowsPerRail(std::size_t rails);

// The rail's samples for the 3D view, from its geometry.
RailSamples sampleRailForView(std::shared_ptr<const document::RailGeometry> geometry, int maxRows = 1024);

} // namespace railforge::app
