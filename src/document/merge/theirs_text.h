// THEIRS' own words in a merge: the objects only THEIRS changed or added are written as THEIRS wrote
// them (its comments and spellings), not rebuilt over OURS' text; the same for the file's opening
// comment when only THEIRS changed it. So a clean merge keeps the comments and layout of both sides.
#pragma once

#include "document/model/level.h"

#include <string>
#include <string_view>

namespace railforge::document {

// The three texts of a merge, and what THEIRS reads as. Objects are matched by the id they have in
// each text.
struct MergeTexts {
    std::string_view base, ours, theirs;
    const Level *theirsLevel = nullptr;
};

// `merged` (OURS' text with the merge written over it, reading as `level`) with each object that OURS
// left as BASE wrote it (byte for byte, its comment lines above it included) and that the merge took
// whole from THEIRS put back in THEIRS' own lines; new objects of THEIRS too. Returns `merged`
// unchanged when the result would not read back as `level`.
std::string withTheirsText(std::string merged, const Level &level, const MergeTexts &texts);

} // namespace railforge::document
