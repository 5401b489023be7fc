// Where a big block-style YAML text can be cut into pieces that parse on their own, so a level of
// tens of megabytes is scanned on every core (yaml-cpp's scanner is most of opening a big level).
// A level is a mapping of a few sections at column 0, and one of them (the rails, most often) holds
// most of the text as a block list of items at one indentation. The cut is at the start of one of
// those items:
//   head  the text up to the cut (the sections before, the key and the first items),
//   items the rest of that section's items (a block list of its own),
//   tail  the sections after it (a mapping of its own; may be empty).
// Only texts whose every line at column 0 is a plain key, a list item, a comment or blank are cut:
// anything else (directives, flow style at the root, a document marker inside) parses whole. Whatever
// the cut, a piece that does not parse cleanly sends the whole text to the one-pass parse, so only
// texts that parse without a word in pieces are read this way (yaml_parser.cpp joins them).
//
// A piece's end is the end of its text, and yaml-cpp lets pass at the end of a text some things it
// refuses before more (a stray "," after a key: the next key is then "an illegal map value"). So each
// seam is also read across: the item before it with the first line after it (which holds a key: the
// cut is only at an item whose first line does, and the tail's first line is a key).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace railforge::document {

struct YamlCut {
    std::string key;            // the section cut in two (its key at column 0, value a block list)
    std::size_t items = 0;      // where the second piece starts: an item's line
    int itemsLine = 0;          // that line, 0-based
    std::size_t tail = 0;       // where the sections after it start (the text's size when none)
    int tailLine = 0;           // that line, 0-based
    int indent = 0;             // the items' indentation
    std::size_t beforeCut = 0;  // where the item before the cut (the head's last) starts
    std::size_t beforeTail = 0; // where the section's last item starts
};

// The seams' texts: each an item and the first line after it, parsed to see that the item leaves
// the parser as the next piece's start expects (the second is empty when there is no tail). The
// tail's seam starts with the section's key, so its item and the key after it make one mapping.
std::pair<std::string, std::string> yamlSeams(std::string_view text, const YamlCut &cut);

// The cut nearest to `share` of the text (0.5: halves) among the largest section's item starts, or
// none when the text is not of the plain shape above or that section has a single item.
std::optional<YamlCut> findYamlCut(std::string_view text, double share = 0.5);

} // namespace railforge::document
