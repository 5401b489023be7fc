// Edits keep the level's junctions whole (docs/design.md "Rail networks"): a linked rail end stays
// on its junction's point, so when an edit moves a junction's point (its trunk's end point, or the
// trunk's shape under a mid-rail junction) every linked end follows, and a linked end moved on its
// own goes back onto the point: move the junction to move them. Deleting or renaming rails updates
// the junctions that name them. Each is part of the edit's own undo step.
#pragma once

#include "document/editing/change_objects_command.h"

#include <string>
#include <vector>

namespace railforge::document {

// `changes` (of `level`) plus the rail changes that put every linked end back on its junction's
// point after them (changes of rails already in `changes` are folded into theirs).
std::vector<ChangeObjectsCommand::Change> withJunctionsKept(const Level &level,
                                                            std::vector<ChangeObjectsCommand::Change> changes);

// Puts every linked rail end of `level` on its junction's point; true when anything moved.
bool snapLinkedEnds(Level &level);

// What deleting rails `doomed` does to the junctions: those on a doomed trunk or left with no links
// go, links to doomed rails go, a default naming a doomed rail is cleared.
struct JunctionsAfterDelete {
    std::vector<Junction> junctions;
    std::vector<std::string> removed;  // junctions deleted
    std::vector<std::string> unlinked; // junctions that lost a link
};
JunctionsAfterDelete junctionsWithoutRails(const std::vector<Junction> &junctions,
                                           const std::vector<std::string> &doomed);

// The junctions with rail `from` renamed `to`.
std::vector<Junction> junctionsWithRailRenamed(std::vector<Junction> junctions, const std::string &from,
                                               const std::string &to);

// The junction that rail `rail`'s ends are in ("" when none): a closed rail has no ends to join.
std::string junctionOfRailEnds(const Level &level, const std::string &rail);

} // namespace railforge::document
