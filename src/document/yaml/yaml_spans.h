// Where a parsed YAML node stands in its text, as a byte range, so that a save can replace one value
// and leave every other byte (comments, spacing, number spellings) as the author wrote it.
// yaml-cpp reports only where a node starts; the ends are found here by reading the text.
#pragma once

#include "document/yaml/yaml_tree.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace railforge::document {

// A byte range [begin, end) of a text.
struct TextSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
};

// The bytes of `node`: a quoted or plain scalar, a flow collection from its bracket to the matching
// one, a block collection from its first item or key to the end of its last value. Nothing for what
// this does not rewrite (block scalars `|` `>`, plain scalars folded over several lines, empty values).
std::optional<TextSpan> nodeSpan(std::string_view text, const YamlNode &node);

// True when the node is a flow collection ([...] or {...}).
bool isFlowCollection(std::string_view text, const YamlNode &node);

// The position of the '-' that starts a block sequence item, when only spaces stand before it on its
// line; nothing otherwise (e.g. an item on the line after its dash).
std::optional<std::size_t> itemDash(std::string_view text, const YamlNode &item);

// The start of the line holding `pos`.
std::size_t lineStart(std::string_view text, std::size_t pos);
// The start of the next line after the one holding `pos` (text.size() on the last line).
std::size_t nextLineStart(std::string_view text, std::size_t pos);
// True when only spaces, or a comment, follow `pos` on its line.
bool restOfLineIsBlank(std::string_view text, std::size_t pos);
// The column (0-based, in bytes) of `pos` on its line.
std::size_t columnOf(std::string_view text, std::size_t pos);

// The whole lines of a block sequence item: from its dash's line to the end of its last line; nothing
// when something else shares those lines.
std::optional<TextSpan> itemLines(std::string_view text, const YamlNode &item);

// Lines moved from one indentation of list items to another (spaces added, or taken while there are).
std::string reindented(std::string_view lines, std::size_t fromColumn, std::size_t toColumn);

} // namespace railforge::document
