// The curves file the Blender add-on writes ("railforge-curves", version 1): each Bezier curve in
// world space, with its id (the rail it came from, or the object's name), closed, frame, and per
// point the position, both handles (absolute), Blender's handle types and the tilt in degrees.
#pragma once

#include "core/vec3.h"
#include "document/model/level.h"
#include "document/text/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// One point of a curve as Blender has it.
struct CurvePoint {
    core::Vec3 co;
    core::Vec3 left;               // the handle before the point (absolute)
    core::Vec3 right;              // the handle after it (absolute)
    std::string leftType = "FREE"; // FREE, ALIGNED, VECTOR, AUTO, AUTO_CLAMPED
    std::string rightType = "FREE";
    double tilt = 0.0; // degrees
};

// One curve.
struct ImportedCurve {
    std::string id;
    bool closed = false;
    FrameMode frame = FrameMode::MinimalTwist;
    std::vector<CurvePoint> points;
};

// Reads a curves file; nothing, with the problems located (FILE:LINE:COLUMN), when it is not one.
std::optional<std::vector<ImportedCurve>> readCurvesFile(std::string_view text, const std::string &fileName,
                                                         Diagnostics &diagnostics);

} // namespace railforge::document
