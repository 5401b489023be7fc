// A rail as the 3D view draws, picks and rides it: its arc-length table and frames, and rows at
// equal arc-length steps with the up vectors the engine export writes at those rows
// (core::sample + core::upVectors, the same calls as the export and `railforge-cli sample`).
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"
#include "document/model/level.h"

#include <vector>

namespace railforge::app {

struct RailSamples {
    core::ArcLengthTable table;
    core::FrameTable frames;
    std::vector<core::CurveSample> rows;
    std::vector<core::Vec3> ups; // one per row
    double length = 0.0;
};

// Rows at most this far apart (level units), and at most kMaxViewRows of them per rail: smooth at
// the scale a rail is looked at, bounded on a level of a thousand rails.
inline constexpr double kViewRowSpacing = 0.25;
inline constexpr int kMaxViewRows = 400;

// The rail's samples for the 3D view.
RailSamples sampleRailForView(const document::Rail &rail);

} // namespace railforge::app
