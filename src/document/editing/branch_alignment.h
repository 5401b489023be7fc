// A branch that leaves its junction along the trunk (docs/ui.md "Junctions"): when a rail's end is
// joined onto another rail, the branch's first stretch takes the trunk's direction there, so a rider
// switching onto it is not thrown sideways, and its end point the trunk's tilt, so its up does not
// jump. A Bezier branch turns its end handle along the trunk; a Catmull-Rom or linear branch gets a
// second point placed on the trunk's tangent (its end tangent runs to the next point).
#pragma once

#include "document/model/level.h"

namespace railforge::document {

// Aligns the `end` of `branch` (its point already on the junction's place) with `trunk`'s tangent at
// the trunk's arc length `trunkS`: the direction of the two that heads towards the branch's next point.
void alignBranchEnd(Rail &branch, RailEnd end, const Rail &trunk, double trunkS);

} // namespace railforge::document
