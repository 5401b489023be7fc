#include "document/yaml/yaml_spans.h"

#include <algorithm>
#include <string>

namespace railforge::document {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t'; }

// The end of a quoted scalar starting at `pos`, past its closing quote.
std::optional<std::size_t> quotedEnd(std::string_view text, std::size_t pos)
{
    const char quote = text[pos];
    for (std::size_t i = pos + 1; i < text.size(); ++i) {
        if (quote == '"' && text[i] == '\\') {
            ++i;
        } else if (text[i] == quote) {
            if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
                ++i; // '' is an escaped quote inside single quotes
                continue;
            }
            return i + 1;
        }
    }
    return std::nullopt;
}

// The end of a plain scalar starting at `pos`: the line's end, a comment, or (inside a flow
// collection) the next separator; trailing spaces are not part of it.
std::size_t plainEnd(std::string_view text, std::size_t pos, bool inFlow)
{
    std::size_t i = pos;
    while (i < text.size() && text[i] != '\n' && text[i] != '\r') {
        const char c = text[i];
        if (c == '#' && i > pos && isSpace(text[i - 1])) break;
        if (inFlow && (c == ',' || c == ']' || c == '}')) break;
        if (c == ':' && (i + 1 == text.size() || isSpace(text[i + 1]) || text[i + 1] == '\n' ||
                         (inFlow && (text[i + 1] == ',' || text[i + 1] == ']' || text[i + 1] == '}'))))
            break;
        ++i;
    }
    while (i > pos && isSpace(text[i - 1])) --i;
    return i;
}

// The end of a flow collection opening at `pos`, past its matching bracket.
std::optional<std::size_t> flowEnd(std::string_view text, std::size_t pos)
{
    int depth = 0;
    for (std::size_t i = pos; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"' || c == '\'') {
            // A quote starts a string only where a scalar can start, not inside a plain scalar (it's).
            const char before = i > pos ? text[i - 1] : ' ';
            if (before == '[' || before == '{' || before == ',' || before == ':' || isSpace(before) || before == '\n') {
                const auto end = quotedEnd(text, i);
                if (!end) return std::nullopt;
                i = *end - 1;
            }
        } else if (c == '#' && i > pos && (isSpace(text[i - 1]) || text[i - 1] == '\n')) {
            while (i < text.size() && text[i] != '\n') ++i;
        } else if (c == '[' || c == '{') {
            ++depth;
        } else if (c == ']' || c == '}') {
            if (--depth == 0) return i + 1;
        }
    }
    return std::nullopt;
}

std::optional<TextSpan> spanOf(std::string_view text, const YamlNode &node, bool inFlow);

// A block collection ends where its last value ends.
std::optional<TextSpan> blockSpan(std::string_view text, const YamlNode &node)
{
    const std::size_t begin = std::size_t(node.Mark().pos);
    if (node.size() == 0) return std::nullopt;
    YamlNode last;
    if (node.IsSequence()) {
        last = node[node.size() - 1];
    } else {
        for (const YamlEntry &entry : node) last = entry.second;
    }
    const auto lastSpan = spanOf(text, last, false);
    if (!lastSpan) return std::nullopt;
    return TextSpan{begin, lastSpan->end};
}

std::optional<TextSpan> spanOf(std::string_view text, const YamlNode &node, bool inFlow)
{
    if (!node || node.Mark().pos < 0 || std::size_t(node.Mark().pos) >= text.size()) return std::nullopt;
    const std::size_t pos = std::size_t(node.Mark().pos);
    const char c = text[pos];
    if (node.IsSequence() || node.IsMap()) {
        if (c == '[' || c == '{') {
            const auto end = flowEnd(text, pos);
            if (!end) return std::nullopt;
            return TextSpan{pos, *end};
        }
        if (inFlow) return std::nullopt;
        return blockSpan(text, node);
    }
    if (c == '"' || c == '\'') {
        const auto end = quotedEnd(text, pos);
        if (!end) return std::nullopt;
        return TextSpan{pos, *end};
    }
    if (c == '|' || c == '>') return std::nullopt; // block scalars: not rewritten in place
    // Only the tree's own values tell whether a plain scalar stands inside a flow collection (where
    // ',', ']' and '}' end it); the reading that gives the scalar's value is the right one. A plain
    // scalar folded over lines reads differently from its first line either way: left alone.
    for (const bool flow : {inFlow, true}) {
        const std::size_t end = plainEnd(text, pos, flow);
        if (end > pos && (!node.IsScalar() || text.substr(pos, end - pos) == node.Scalar())) return TextSpan{pos, end};
    }
    return std::nullopt;
}

} // namespace

std::optional<TextSpan> nodeSpan(std::string_view text, const YamlNode &node) { return spanOf(text, node, false); }

bool isFlowCollection(std::string_view text, const YamlNode &node)
{
    if (!node || !(node.IsSequence() || node.IsMap()) || node.Mark().pos < 0) return false;
    const std::size_t pos = std::size_t(node.Mark().pos);
    return pos < text.size() && (text[pos] == '[' || text[pos] == '{');
}

std::optional<std::size_t> itemDash(std::string_view text, const YamlNode &item)
{
    if (!item || item.Mark().pos <= 0) return std::nullopt;
    std::size_t i = std::size_t(item.Mark().pos);
    if (i > text.size()) return std::nullopt;
    while (i > 0 && isSpace(text[i - 1])) --i;
    if (i == 0 || text[i - 1] != '-') return std::nullopt;
    --i;
    for (std::size_t j = lineStart(text, i); j < i; ++j)
        if (text[j] != ' ') return std::nullopt;
    return i;
}

std::size_t lineStart(std::string_view text, std::size_t pos)
{
    while (pos > 0 && text[pos - 1] != '\n') --pos;
    return pos;
}

std::size_t nextLineStart(std::string_view text, std::size_t pos)
{
    const std::size_t newline = text.find('\n', pos);
    return newline == std::string_view::npos ? text.size() : newline + 1;
}

bool restOfLineIsBlank(std::string_view text, std::size_t pos)
{
    for (std::size_t i = pos; i < text.size() && text[i] != '\n'; ++i) {
        if (text[i] == '#') return true;
        if (!isSpace(text[i]) && text[i] != '\r') return false;
    }
    return true;
}

std::size_t columnOf(std::string_view text, std::size_t pos) { return pos - lineStart(text, pos); }

// The whole lines of a block sequence item: from its dash's line to the end of its last line.
std::optional<TextSpan> itemLines(std::string_view text, const YamlNode &item)
{
    const auto dash = itemDash(text, item);
    const auto span = nodeSpan(text, item);
    if (!dash || !span || !restOfLineIsBlank(text, span->end)) return std::nullopt;
    return TextSpan{lineStart(text, *dash), nextLineStart(text, span->end)};
}

// Lines moved from one indentation of list items to another.
std::string reindented(std::string_view lines, std::size_t fromColumn, std::size_t toColumn)
{
    std::string out;
    std::size_t at = 0;
    while (at < lines.size()) {
        const std::size_t end = nextLineStart(lines, at);
        std::string_view line = lines.substr(at, end - at);
        if (toColumn >= fromColumn) {
            out += std::string(toColumn - fromColumn, ' ');
        } else {
            const std::size_t drop = std::min(fromColumn - toColumn, line.find_first_not_of(' '));
            line.remove_prefix(drop);
        }
        out += line;
        at = end;
    }
    return out;
}

} // namespace railforge::document
