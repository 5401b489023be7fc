// Curves from Blender applied to a level (docs/blender.md): each curve finds its rail
// (curve_identity.h), and updates it changing only what moved beyond Blender's single precision (a
// point moved, a handle turned, a tilt, closed, the frame), so a round trip with nothing edited
// changes nothing and one moved point is one changed point. Points are matched by position and order
// (point_alignment.h): a point inserted or removed in Blender (Subdivide, Delete) leaves every other
// point's tilt, handles and channel keys where they were. A Catmull-Rom or linear rail keeps its type
// where RailForge's curve of that type through Blender's points stays on Blender's curve; where it would
// not, after a reshape in Blender, it becomes linear or Bezier and a note says so. New curves become
// new rails; with `deleteMissing`, a rail whose curve is gone from the scene goes.
#pragma once

#include "document/dcc/curve_identity.h"
#include "document/dcc/curves_file.h"
#include "document/merge/level_renames.h"
#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

// How far RailForge's curve may stand from Blender's and still count as the same shape (level units).
inline constexpr double kBlenderShapeTolerance = 1e-3;

// Something the artist should know about one rail.
struct RailNote {
    std::string rail;
    std::string text; // "became a Bezier rail to keep Blender's shape (...)"
};

// What applying curves did.
struct CurvesApplied {
    Level level;                      // with the curves applied
    Level renamedOnly;                // the level before with only the renames done (a merge follows them first)
    std::vector<std::string> changed; // rails updated (their ids after any rename)
    std::vector<std::string> added;   // new rails
    std::vector<Rename> renamed;      // rails renamed in Blender
    std::vector<std::string> deleted; // rails whose curve the scene no longer has
    std::vector<std::string> missing; // rails with no curve in the scene, kept (deletion not asked for)
    std::vector<RailNote> notes;
    std::vector<CurveTarget> targets; // per curve, the rail it wrote
    std::size_t unchanged = 0;
};

struct ApplyOptions {
    // Remove a rail the curves file's scene list lacks (safe only against the level as imported:
    // against a newer level it would remove a teammate's new rail).
    bool deleteMissing = false;
};

// `level` with the curves of `file` applied.
CurvesApplied applyCurves(const Level &level, const CurvesFile &file, const ApplyOptions &options = {});

// RailForge's handle mode for a Blender point's two handle types (AUTO, AUTO_CLAMPED: auto; VECTOR:
// corner; ALIGNED: aligned; anything else: free).
HandleMode handleModeOf(const std::string &leftType, const std::string &rightType);

// Blender's curve as Bezier segments (the knots as the curves file has them).
std::vector<core::CubicBezier> blenderSegments(const ImportedCurve &curve);

} // namespace railforge::document
