// Edits keep the level's junctions whole (docs/design.md "Rail networks"): a linked rail end stays
// on its junction's point in the plan, so when an edit moves a junction's point (its trunk's end
// point, or the trunk's shape under a mid-rail junction) every linked end follows, and a linked end
// moved on its own goes back onto the point: move the junction to move them. A linked end keeps the
// height it had above or below the point (a height jump the file has stays; the loader warns of
// it). Only junctions the edit touched are looked at, so an edit never changes a rail it did not
// reach. Deleting or renaming rails updates the junctions that name them. Each is part of the
// edit's own undo step.
#pragma once

#include "document/editing/change_objects_command.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace railforge::document {

// Makes `after` (`before` with rails changed in place: an edit, `bank`, `drape`) whole again, as
// every edit does: places along the changed rails kept (place_keeping.h), then every linked end put
// back on its junction's point. Returns the ids of junctions removed because their segment went.
std::vector<std::string> keepLevelWhole(const Level &before, Level &after);

// An edit of `level` made whole: `changes` plus the rail changes keeping it whole brings (changes of
// rails already in `changes` are folded into theirs), and the junctions before and after when they
// changed (a junction's s kept, or a junction removed).
struct KeptEdit {
    std::vector<ChangeObjectsCommand::Change> changes;
    std::optional<std::pair<std::vector<Junction>, std::vector<Junction>>> junctions;
    std::vector<std::string> removedJunctions;
};
KeptEdit withLevelKept(const Level &level, std::vector<ChangeObjectsCommand::Change> changes);

// Where a junction's point is in `level`: its trunk's end point exactly, or the trunk at its s.
std::optional<Vec3> junctionPlace(const Level &level, const Junction &junction);

// Puts the linked ends of the junctions of `level` that involve one of `touched` (rail ids; every
// junction when empty) on their junction's point, each keeping the height offset it had in
// `before`; the rails this moves count as touched in turn (and go into `moved`). True when anything
// moved.
bool snapLinkedEnds(Level &level, const Level &before, std::set<std::string> touched = {},
                    std::set<std::string> *moved = nullptr);

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
