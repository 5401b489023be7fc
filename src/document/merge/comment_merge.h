// THEIRS' comment edits carried into a merge's text. The merge by object writes OURS' text with
// THEIRS' changed objects put in; comments are not objects, so a comment THEIRS changed, added or
// removed inside an object OURS also changed (or beside one) would be lost. Here each of THEIRS'
// comment edits (lines that are comments alone, or a line's trailing comment) is placed where its
// BASE lines stand in the merged text: taken when OURS left them alone, a conflict when OURS changed the
// same comment otherwise, kept beside OURS' own comment where both added one above the same line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// The merged text with THEIRS' comment edits in.
struct CommentMerge {
    std::string text;
    std::vector<std::string> conflicts; // each written between git's markers in `text`
    std::vector<std::string> unplaced;  // "theirs' line 12: # ...": comments with no place left, said not dropped
    bool tooDifferent = false;          // BASE and a side differ in too many lines to place comments
};

// `side`'s comment edits (THEIRS', or OURS' where the merge wrote THEIRS' lines over them) carried into
// `merged`; `sideName` ("theirs") names it in what is said.
CommentMerge mergeComments(std::string_view base, std::string_view side, std::string_view merged,
                           const std::string &sideName = "theirs");

} // namespace railforge::document
