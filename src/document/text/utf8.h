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

} // namespace railforge::document
