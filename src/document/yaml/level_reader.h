// Reading level documents (format 1) from YAML text, with every problem located.
#pragma once

#include "document/checks/level_marks.h"
#include "document/model/level.h"
#include "document/text/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>

namespace railforge::document {

// The outcome of a load: a level when there were no errors, and all diagnostics (warnings too).
struct LoadResult {
    std::optional<Level> level;
    Diagnostics diagnostics;
    LevelMarks marks; // where each object of `level` stands in the file, for later located checks
    std::string text; // the file's bytes (loadLevelFile only), so a save can keep what an edit did not touch
};

// Parses and validates a level; `fileName` is used in the diagnostics only.
LoadResult readLevel(std::string_view text, const std::string &fileName);

// The document format version this build reads and writes.
inline constexpr int kLevelFormatVersion = 1;

} // namespace railforge::document
