// THEIRS' own words in a merge: the objects only THEIRS changed or added are written as THEIRS wrote
// them (its comments and spellings), not rebuilt over OURS' text; the same for the file's opening
// comment when only THEIRS changed it. So a clean merge keeps the comments and layout of both sides.
#pragma once

#include "document/model/level.h"
#include "document/yaml/yaml_tree.h"

#include <string>
#include <string_view>

namespace railforge::document {

// One side of a merge as it was read: its text, what the text reads as, and (when the reader kept it)
// the text's parsed tree, so writing the merge need not parse it again.
struct MergeSide {
    std::string_view text;
    const Level *level = nullptr;
    const YamlTree *tree = nullptr;
};

// The three sides of a merge. Objects are matched by the id they have in each text.
struct MergeInputs {
    MergeSide base, ours, theirs;
};

// `merged` (a text reading as `level`, the merge's result or a layout of it over OURS' text; its tree
// when the caller has it) with each object that OURS left as BASE wrote it (byte for byte, its
// comment lines above it included) and that the merge took whole from THEIRS put in THEIRS' own
// lines; new objects of THEIRS too. Not checked: withTheirsText checks.
std::string withTheirsLines(std::string_view merged, const YamlTree *mergedTree, const Level &level,
                            const MergeInputs &sides);

// withTheirsLines over `merged`, or `merged` itself when that would not read back as `level`.
std::string withTheirsText(std::string merged, const Level &level, const MergeInputs &sides);

} // namespace railforge::document
