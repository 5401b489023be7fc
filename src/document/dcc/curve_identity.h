// Which rail each of Blender's curves is (docs/blender.md "Identity"): Blender's own editing makes
// copies that keep the original's railforge_id (Shift+D), renames objects, and joins objects into one
// with several splines (Ctrl+J). A curve keeps its rail's id when it is that rail's object (the one
// whose name is still the name it was imported with, else the first); a copy, and a second spline of
// an object, become new rails named after their object; an object renamed since the import renames
// its rail.
#pragma once

#include "document/dcc/curves_file.h"
#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

// The rail one curve writes.
struct CurveTarget {
    std::string railId;   // the rail it updates (existing) or makes (new), before any rename
    bool isNew = false;   // a rail the level does not have
    std::string renameTo; // non-empty: the rail takes this id (its object was renamed in Blender)
    std::string copyOf;   // non-empty: a copy of this rail's object (Shift+D), or a spline joined into it
};

// One target per curve, in the curves' order; new and renamed ids are free among the level's rails
// and each other (a taken name gets "_2", "_3", ...).
std::vector<CurveTarget> resolveCurveTargets(const Level &level, const std::vector<ImportedCurve> &curves);

} // namespace railforge::document
