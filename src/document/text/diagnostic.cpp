#include "document/text/diagnostic.h"

#include "document/text/utf8.h"

#include <algorithm>

namespace railforge::document {

std::string formatDiagnostic(const Diagnostic &d)
{
    std::string out = d.file;
    if (d.line > 0) out += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
    out += ": ";
    if (d.severity == Severity::Warning) out += "warning: ";
    out += readableMessage(d.message);
    return out;
}

namespace {

// Appends one byte of a message, escaped when it is a control character.
void appendVisible(std::string &out, char c)
{
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
        out += c;
        return;
    }
    switch (c) {
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    case '\0': out += "\\0"; return;
    default: {
        static const char digits[] = "0123456789abcdef";
        out += "\\x";
        out += digits[byte >> 4];
        out += digits[byte & 0xf];
    }
    }
}

// The byte offset after the first `characters` code points of `text`.
std::size_t prefixBytes(std::string_view text, std::size_t characters)
{
    std::size_t i = 0;
    for (std::size_t seen = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80 && seen++ == characters) break;
    }
    return i;
}

} // namespace

std::string readableMessage(std::string_view message)
{
    std::string out;
    std::size_t i = 0;
    while (i < message.size()) {
        const std::size_t open = message.find('\'', i);
        const std::size_t close = open == std::string_view::npos ? open : message.find('\'', open + 1);
        const std::size_t plainEnd = close == std::string_view::npos ? message.size() : open + 1;
        for (; i < plainEnd; ++i) appendVisible(out, message[i]);
        if (close == std::string_view::npos) break;
        const std::string_view quoted = message.substr(open + 1, close - open - 1);
        const std::size_t characters = codePointCount(quoted, quoted.size());
        if (characters > kMaxQuotedCharacters) {
            const std::size_t keep = kMaxQuotedCharacters / 2;
            const std::string_view head = quoted.substr(0, prefixBytes(quoted, keep));
            const std::string_view tail = quoted.substr(prefixBytes(quoted, characters - keep / 2));
            for (char c : head) appendVisible(out, c);
            out += "\u2026[" + std::to_string(characters) + " characters]\u2026";
            for (char c : tail) appendVisible(out, c);
        } else {
            for (char c : quoted) appendVisible(out, c);
        }
        out += '\'';
        i = close + 1;
    }
    return out;
}

bool hasErrors(const Diagnostics &diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

void capDiagnostics(Diagnostics &diagnostics, std::size_t limit)
{
    if (diagnostics.size() <= limit) return;
    const std::size_t dropped = diagnostics.size() - limit;
    const bool errors = std::any_of(diagnostics.begin() + std::ptrdiff_t(limit), diagnostics.end(),
                                    [](const Diagnostic &d) { return d.severity == Severity::Error; });
    Diagnostic more = diagnostics[limit];
    more.severity = errors ? Severity::Error : Severity::Warning;
    more.message = "\u2026 and " + std::to_string(dropped) + " more problem" + (dropped == 1 ? "" : "s") +
                   " from here on (the first " + std::to_string(limit) + " are listed)";
    diagnostics.resize(limit);
    diagnostics.push_back(std::move(more));
}

} // namespace railforge::document
