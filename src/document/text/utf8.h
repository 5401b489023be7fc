// UTF-8 well-formedness (what yaml-cpp does not check).
#pragma once

#include <cstddef>
#include <string_view>

namespace railforge::document {

// Length in bytes of the well-formed UTF-8 character starting at text[i], or 0 when the bytes
// there are not one (stray continuation byte, overlong form, surrogate, beyond U+10FFFF, cut off).
std::size_t utf8CharLength(std::string_view text, std::size_t i);

// True when the whole text is well-formed UTF-8.
bool isValidUtf8(std::string_view text);

// How many characters (code points) the first `bytes` bytes of `text` hold: the column a caret is
// at, as compilers and editors count it. Continuation bytes do not count, so a malformed sequence
// counts as one character per lead byte.
std::size_t codePointCount(std::string_view text, std::size_t bytes);

} // namespace railforge::document
