#include "document/text/quoted_text.h"

#include <cstdio>

namespace railforge::document {

void appendQuoted(std::string &out, std::string_view text, QuoteStyle style)
{
    out += '"';
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, style == QuoteStyle::Json ? "\\u%04x" : "\\x%02x", unsigned(c));
                out += buffer;
            } else {
                out += ch;
            }
        }
    }
    out += '"';
}

} // namespace railforge::document
