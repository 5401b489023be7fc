// A rail's points merged three-way by identity (point_alignment.h): a point both sides keep is merged
// field by field (place, handles, tilt); one a side deleted goes unless the other side changed it (a
// conflict); points a side inserted go in after the BASE point they follow, and both sides inserting
// differently at one place is a conflict. Where each side's points went is kept, so channel keys at
// points follow them.
#pragma once

#include "document/merge/three_way.h"
#include "document/model/level.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

struct MergedPoints {
    std::vector<core::Vec3> points;
    std::vector<PointHandles> handles; // empty when every point has the default
    std::vector<double> tilts;         // empty when every point is untilted
    // Where each point of BASE, OURS and THEIRS stands in `points` (none: it is not there).
    std::vector<std::optional<std::size_t>> fromBase, fromOurs, fromTheirs;
    // The two sides' points are one conflict (a rail turned round on one side, edited on the other):
    // `points` are the preferred side's whole, and so should its channels be.
    bool wholeConflict = false;
};

MergedPoints mergeRailPoints(const Rail &base, const Rail &ours, const Rail &theirs, Side prefer, Disputes &d);

// What a side did to a rail's points, for the words of a conflict: "reverses the rail", "inserts a point
// after point 3, moves point 5" (points named by their number in BASE); empty when it left them alone.
std::string pointEditsText(const Rail &base, const Rail &side);

} // namespace railforge::document
