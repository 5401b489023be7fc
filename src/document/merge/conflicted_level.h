// A merge written to a file, and a conflicted file read back: each conflicting object stands once, as
// OURS wrote it and as THEIRS wrote it, between git's markers; everything else is the merged level
// written over OURS' own text (docs/design.md "Merging levels").
#pragma once

#include "document/merge/level_merge.h"

#include <string>
#include <string_view>

namespace railforge::document {

// The merged file. Its lines outside the markers read, with either side's lines between them, as the
// merge settled towards that side; when the merge is clean it is merge.ours written over `oursText`.
// What only THEIRS changed keeps THEIRS' own lines (theirs_text.h). `oursLevel` and `theirsLevel` are
// what the two texts read as.
std::string writeMergedLevel(std::string_view baseText, std::string_view oursText, const Level &oursLevel,
                             std::string_view theirsText, const Level &theirsLevel, const LevelMerge &merge);

} // namespace railforge::document
