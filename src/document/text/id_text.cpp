#include "document/text/id_text.h"

#include "document/text/utf8.h"

namespace railforge::document {

std::string whyBadIdText(std::string_view id)
{
    if (id.empty()) return "an id cannot be empty";
    for (std::size_t i = 0; i < id.size(); ++i) {
        const auto byte = static_cast<unsigned char>(id[i]);
        if (byte < 0x20 || byte == 0x7f)
            return "an id cannot hold control characters (a line break, a tab, NUL...); character " +
                   std::to_string(codePointCount(id, i) + 1) + " is one";
    }
    return "";
}

} // namespace railforge::document
