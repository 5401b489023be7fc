// Blender's curves merged three-way into a level (docs/blender.md "Three-way"): BASE is the level as
// the add-on imported it (kept in the .blend), OURS the level on disk now, THEIRS BASE with Blender's
// curves applied (curve_application.h). The merge is `railforge-cli merge`'s own, by object and field,
// written over OURS' text: a rail changed only on disk keeps its disk version, one changed only in
// Blender takes Blender's, and both changing one field is a conflict. An old scene never reverts a
// teammate's work.
#pragma once

#include "document/dcc/curve_application.h"
#include "document/dcc/curves_file.h"
#include "document/merge/level_merge.h"
#include "document/text/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// The three-way's result.
struct CurvesMerged {
    // The level to write: the merge (clean), or with git's markers around each conflict when they
    // were asked for; nothing when the inputs do not load, or when there are conflicts and no markers.
    std::optional<std::string> text;
    CurvesApplied blender;                  // what Blender's curves did to BASE
    std::vector<std::string> changedOnDisk; // rails the level on disk changed since the import (kept)
    std::vector<std::string> conflicts;     // each in words: the level on disk against Blender
    Diagnostics diagnostics;                // why an input did not load, or the result breaks a rule
};

// Merges `curves` into the level `oursText` (named `oursName`) from `baseText`, the level imported.
CurvesMerged mergeCurves(std::string_view baseText, std::string_view oursText, const std::string &oursName,
                         const CurvesFile &curves, bool markers);

} // namespace railforge::document
