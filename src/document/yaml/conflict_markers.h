// Git's conflict markers in a level file: found, and the two versions they hold taken apart, so that a
// file left conflicted (by RailForge's merge or by git's line merge) is reported at its markers and
// can be opened to resolve.
//   <<<<<<< ours: rail 'main' (ours moves point 3 to (1, 2, 3), theirs to (1, 2, 4))
//   ...ours' lines...
//   ||||||| base            (diff3 style only; dropped)
//   =======
//   ...theirs' lines...
//   >>>>>>> theirs
#pragma once

#include "document/text/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

// One conflict of the file.
struct ConflictRegion {
    int line = 0;          // 1-based line of its "<<<<<<<" marker in the file
    std::string label;     // the text after "<<<<<<< "
    int oursFirstLine = 0; // 1-based lines [first, first + count) of its ours side in the ours text
    int oursLineCount = 0;
    int theirsFirstLine = 0; // the same in the theirs text
    int theirsLineCount = 0;
};

// A conflicted text taken apart.
struct SplitConflicts {
    std::string ours;   // the file with every conflict's ours side
    std::string theirs; // ... and with its theirs side
    std::vector<ConflictRegion> regions;
    std::optional<Diagnostic> malformed; // markers that do not close (the file's name left empty)
};

// Whether any line starts a conflict ("<<<<<<<" at its start).
bool hasConflictMarkers(std::string_view text);

// The two sides of every conflict of `text`.
SplitConflicts splitConflicts(std::string_view text);

// One error per conflict left in `text`, at its "<<<<<<<" line: "unresolved merge conflict in rail
// 'main' (ours moves point 3 to ..., theirs to ...)" when RailForge's merge wrote it, else naming the
// object the markers stand in (a line merge's markers); none when the text has no markers.
Diagnostics conflictDiagnostics(std::string_view text, const std::string &fileName);

// The label RailForge's merge writes: "ours: " + what the conflict is about.
inline constexpr std::string_view kOursLabelPrefix = "ours: ";

} // namespace railforge::document
