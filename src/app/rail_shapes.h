// What the canvas keeps about the rails between level changes: their exact curves as painter
// paths (world coordinates), mid-length arrows, and a proximity index for picking and probing.
// The canvas is a plan view, so picking and the probe measure in the ground plane: the index is
// built over the rails flattened to z = 0, and arc lengths come from the real 3D curves.
#pragma once

#include "core/arc_length.h"
#include "core/rail_index.h"
#include "document/level.h"

#include <QPainterPath>

#include <vector>

namespace railforge::app {

struct RailShapes {
    std::vector<QPainterPath> paths;       // one per rail, cubic segments in world (x, y)
    std::vector<core::CurveSample> middle; // position and direction at half the arc length
    std::vector<double> lengths;           // arc length of each rail (3D)
    std::vector<core::ArcLengthTable> tables; // arc-length tables of the real (3D) curves
    core::RailIndex planIndex;             // over the rails flattened to z = 0; hit.rail indexes level.rails
};

// Builds the shapes of every rail of a level.
RailShapes buildRailShapes(const document::Level &level);

} // namespace railforge::app
