// Saving a level over the text it was loaded from, the way a careful person would edit the file by hand:
// objects the edits did not touch keep their bytes (comments, blank lines, key order, number spellings),
// a changed object is changed where it differs and keeps its own comments, a removed object takes its
// comments with it, and an added object is written in the canonical form. A one-waypoint move is a
// one-line diff in the team's repository.
#pragma once

#include "document/model/level.h"
#include "document/yaml/yaml_tree.h"

#include <string>
#include <string_view>

namespace railforge::document {

// The text to save and how it was made.
struct RewrittenLevel {
    std::string text;
    // False when the previous text could not be kept (not a level, or a layout this cannot edit in
    // place): then `text` is the canonical writing of the whole level and comments are gone.
    bool keptPreviousText = true;
};

// `level` written over `previous` (the file's text as loaded or last saved; empty for a new file).
// `previousLevel`, when the caller has it, is what `previous` reads as, and `previousTree` its parsed
// tree (each saves reading it again). Always reads back to exactly `level`: every changed result is
// checked by reading it, and the canonical writing is used when a kept layout would read
// differently. Throws NonFiniteOutput like writeLevel.
RewrittenLevel rewriteLevel(std::string_view previous, const Level &level, const Level *previousLevel = nullptr,
                            const YamlTree *previousTree = nullptr);

} // namespace railforge::document
