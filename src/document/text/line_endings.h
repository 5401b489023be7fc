// Line endings kept as a file has them: a merge's result (of levels, or of Blender's curves into a
// level) keeps the line ending OURS uses, whatever THEIRS' lines or the writer brought.
#pragma once

#include <string>
#include <string_view>

namespace railforge::document {

// `text` with every line ending as `like` has most (CRLF or LF).
std::string withLineEndingsOf(std::string_view like, std::string text);

} // namespace railforge::document
