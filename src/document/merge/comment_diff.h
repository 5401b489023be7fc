// The comments of two versions of a level compared, for the diff's readers: a comment is kept in the
// file by every save and merge, so a teammate's edit of one is a change worth seeing even where no
// object changed ("comment added at line 12: # the quarry spur").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// One comment of a YAML text: its words from '#' to the end of its line, and its line (1-based).
struct YamlComment {
    std::string text;
    int line = 0;
};

// Where a line's comment starts ('#' at the line's start or after a space, outside quotes), or npos.
std::size_t commentStart(std::string_view line);

// The comments of a text: '#' at a line's start or after a space, outside quotes.
std::vector<YamlComment> yamlComments(std::string_view text);

// "comment removed (line 4): # the yard", "comment added (line 9): # the spur to the quarry": the
// comments of `before` that `after` lacks and the other way round, each as often as it is missing,
// in the order of their lines. A changed comment reads as one removed and one added.
std::vector<std::string> commentChanges(std::string_view before, std::string_view after);

} // namespace railforge::document
