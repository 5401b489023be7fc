// Reading level documents (format 1) from YAML text, with every problem located.
#pragma once

#include "document/checks/level_marks.h"
#include "document/model/level.h"
#include "document/text/diagnostic.h"
#include "document/yaml/yaml_tree.h"

#include <memory>
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
    // The text's parsed tree, when asked for (KeepTree::Yes) and the text loaded: a merge writes over
    // the texts it read without parsing them again (a 5 MB level takes seconds to parse).
    std::shared_ptr<const YamlTree> tree;
};

enum class KeepTree { No, Yes };

// Parses and validates a level; `fileName` is used in the diagnostics only.
LoadResult readLevel(std::string_view text, const std::string &fileName, KeepTree keep = KeepTree::No);

// The document format version this build reads and writes.
inline constexpr int kLevelFormatVersion = 1;

} // namespace railforge::document
