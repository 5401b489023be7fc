// Curves from Blender applied to a level (docs/blender.md): a curve with a rail's id updates that
// rail, changing only what moved beyond Blender's single precision (a point moved, a handle turned,
// a tilt, closed, the frame), so a round trip with nothing edited changes nothing and one moved point
// is one changed point; a curve with a new id becomes a new Bezier rail.
#pragma once

#include "document/dcc/curves_file.h"
#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

// What applying curves did.
struct CurvesApplied {
    Level level;
    std::vector<std::string> changed; // rails updated
    std::vector<std::string> added;   // new rails
    std::size_t unchanged = 0;
};

// `level` with `curves` applied.
CurvesApplied applyCurves(const Level &level, const std::vector<ImportedCurve> &curves);

// RailForge's handle mode for a Blender point's two handle types (AUTO, AUTO_CLAMPED: auto; VECTOR:
// corner; ALIGNED: aligned; anything else: free).
HandleMode handleModeOf(const std::string &leftType, const std::string &rightType);

} // namespace railforge::document
