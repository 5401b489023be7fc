// The curves file the Blender add-on writes ("railforge-curves", version 1 or 2): each curve in world
// space as Bezier knots, with its id (the rail it came from, or the object's name), closed, frame, and
// per point the position, both handles (absolute), Blender's handle types and the tilt in degrees.
// Version 2 adds what identity needs (the object's name now and at import, which of its splines, the
// spline's type in Blender) and the ids of every rail object in the scene, so a deleted curve is told
// from a rail Blender never had. Numbers are Blender's single precision: each is read as the shortest
// decimal that Blender's float32 holds the same (10, not 9.99999970909292).
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

// How a spline was drawn in Blender (its points are Bezier knots either way: a NURBS converted).
enum class BlenderSpline { Bezier, Poly, Nurbs };

// One curve: one spline of one Blender object.
struct ImportedCurve {
    std::string id;           // the rail it came from (railforge_id), or the object's name
    std::string name;         // the object's name now (empty: as id)
    std::string importedName; // the object's name when it was imported (empty: drawn in Blender)
    int splineIndex = 0;      // which of the object's splines (a second one is a rail of its own)
    BlenderSpline spline = BlenderSpline::Bezier;
    bool closed = false;
    FrameMode frame = FrameMode::MinimalTwist;
    std::vector<CurvePoint> points;
};

// A curves file.
struct CurvesFile {
    std::vector<ImportedCurve> curves;
    // The rail ids of every curve object in Blender's scene, written or not (version 2): a rail of
    // the import with none is a curve the artist deleted. Unset: unknown (version 1).
    std::optional<std::vector<std::string>> sceneRails;
};

// Reads a curves file; nothing, with the problems located (FILE:LINE:COLUMN), when it is not one.
std::optional<CurvesFile> readCurvesFile(std::string_view text, const std::string &fileName, Diagnostics &diagnostics);

// The shortest decimal that rounds to the same float32 as x (Blender's coordinates are float32).
double shortestFloat32(double x);
// The shortest angle in degrees whose radians round to the same float32 as `degrees`' (Blender keeps
// tilt as float32 radians: +10 degrees typed there comes back as 10, not 9.99999970909292).
double shortestFloat32Degrees(double degrees);

} // namespace railforge::document
