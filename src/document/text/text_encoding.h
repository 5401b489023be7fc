// Text encodings other editors save in: a UTF-8 byte-order mark (accepted and dropped), UTF-16 and
// UTF-32 (refused by name, rather than as "invalid UTF-8").
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace railforge::document {

// `text` without a leading UTF-8 byte-order mark (EF BB BF), which Windows editors write.
std::string_view withoutUtf8Bom(std::string_view text);

// The name of the encoding when `text` is UTF-16 or UTF-32 ("UTF-16 little-endian", ...), told by its
// byte-order mark or, without one, by the NUL bytes ASCII text has in those encodings; nothing
// for anything else.
std::optional<std::string> wideEncodingName(std::string_view text);

} // namespace railforge::document
