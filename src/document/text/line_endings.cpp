#include "document/text/line_endings.h"

#include <algorithm>

namespace railforge::document {

std::string withLineEndingsOf(std::string_view like, std::string text)
{
    const auto crlf = std::size_t(std::count(like.begin(), like.end(), '\r'));
    const auto lf = std::size_t(std::count(like.begin(), like.end(), '\n'));
    const bool useCrlf = lf > 0 && crlf * 2 > lf;
    std::string out;
    out.reserve(text.size() + (useCrlf ? text.size() / 16 : 0));
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue; // the \n adds it
        if (text[i] == '\n' && useCrlf) out += '\r';
        out += text[i];
    }
    return out;
}

} // namespace railforge::document
