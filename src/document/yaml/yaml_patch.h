// Turning one YAML value into another in place: the edits that change only what differs, so that the
// author's comments, spacing, key order and number spellings around them stay as they were.
#pragma once

#include "document/yaml/yaml_tree.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// Replace [begin, end) of a text with `text` (an insertion when begin == end).
struct TextEdit {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::string text;
};

// A node of a text RailForge's writer produced, with that text.
struct WrittenNode {
    std::string_view text;
    YamlNode node;
};

// True when two written trees hold the same values (same kinds, scalars, tags, keys in order).
bool sameTree(const YamlNode &a, const YamlNode &b);

// The edits that make `original` (a value in `originalText`) hold what `after` holds, given `before`:
// the writer's rendering of what `original` holds. Only the parts where `before` and `after` differ
// are touched. Nothing when a difference cannot be made in place (then the caller rewrites more).
std::optional<std::vector<TextEdit>> patchValue(std::string_view originalText, const YamlNode &original,
                                                const WrittenNode &before, const WrittenNode &after);

// The single-line text of a written node (its bytes in the written text), or nothing when it spans lines.
std::optional<std::string> inlineText(const WrittenNode &node);

// Applies edits that do not overlap; insertions at one place keep their order. Nothing if they overlap.
std::optional<std::string> applyEdits(std::string_view text, std::vector<TextEdit> edits);

} // namespace railforge::document
