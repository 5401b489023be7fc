// A merge written to a file, and a conflicted file read back: each conflicting object stands once, as
// OURS wrote it and as THEIRS wrote it, between git's markers; everything else is the merged level
// written over OURS' own text (docs/design.md "Merging levels").
#pragma once

#include "document/merge/level_merge.h"
#include "document/merge/theirs_text.h"
#include "document/yaml/level_reader.h"

#include <optional>
#include <string>
#include <string_view>

namespace railforge::document {

// A merged file, and (for a clean merge whose writing read it back) what it reads as, so the caller
// need not read it again.
struct MergedText {
    std::string text;
    std::optional<LoadResult> readBack;
    // THEIRS' comment edits carried over by lines (comment_merge.h): those both sides made otherwise,
    // written between markers; those with no place left; whether the texts were too different to try.
    std::vector<std::string> commentConflicts = {};
    std::vector<std::string> unplacedComments = {};
    bool commentsTooDifferent = false;
};

// The merged file. Its lines outside the markers read, with either side's lines between them, as the
// merge settled towards that side; when the merge is clean it is merge.ours written over OURS' text.
// What only THEIRS changed keeps THEIRS' own lines (theirs_text.h). The sides' levels must be given;
// their trees are used when given. THEIRS' comment edits are carried over too.
MergedText writeMergedLevel(const MergeInputs &sides, const LevelMerge &merge);

} // namespace railforge::document
