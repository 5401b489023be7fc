// Text in double quotes, as YAML and JSON both write it: the same escapes for quotes, backslashes,
// newlines, tabs and carriage returns; other control bytes as \xHH (YAML) or \u00HH (JSON, which has
// no \x). UTF-8 passes through: the loaders only let valid UTF-8 in.
#pragma once

#include <string>
#include <string_view>

namespace railforge::document {

enum class QuoteStyle { Yaml, Json };

// Appends `text` in double quotes to `out`.
void appendQuoted(std::string &out, std::string_view text, QuoteStyle style);

} // namespace railforge::document
