#include "document/text/text_encoding.h"

namespace railforge::document {
namespace {

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

bool isNul(std::string_view text, std::size_t i) { return i < text.size() && text[i] == '\0'; }

} // namespace

std::string_view withoutUtf8Bom(std::string_view text)
{
    return startsWith(text, "\xEF\xBB\xBF") ? text.substr(3) : text;
}

std::optional<std::string> wideEncodingName(std::string_view text)
{
    using namespace std::string_view_literals;
    // UTF-32 LE's mark begins with UTF-16 LE's, so test the longer marks first.
    if (startsWith(text, "\x00\x00\xFE\xFF"sv)) return "UTF-32 big-endian";
    if (startsWith(text, "\xFF\xFE\x00\x00"sv)) return "UTF-32 little-endian";
    if (startsWith(text, "\xFE\xFF"sv)) return "UTF-16 big-endian";
    if (startsWith(text, "\xFF\xFE"sv)) return "UTF-16 little-endian";
    // No mark: a level starts with ASCII ('r', '#', ' ', '-'...), which these encodings pad with NULs.
    if (text.size() < 2 || (text[0] == '\0') == (text[1] == '\0')) {
        if (text.size() >= 4 && isNul(text, 0) && isNul(text, 1) && isNul(text, 2) && !isNul(text, 3))
            return "UTF-32 big-endian";
        return std::nullopt;
    }
    if (text.size() >= 4 && !isNul(text, 0) && isNul(text, 1) && isNul(text, 2) && isNul(text, 3))
        return "UTF-32 little-endian";
    return isNul(text, 0) ? "UTF-16 big-endian" : "UTF-16 little-endian";
}

} // namespace railforge::document
