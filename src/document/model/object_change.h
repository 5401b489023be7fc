// What an edit changed of one object, by part (docs/architecture.md "Change events"): a view redoes
// only the work that depends on the parts that changed, so a colour picked for a rail rebuilds no
// ribbon and a channel key reshapes nothing.
#pragma once

#include "document/model/object_ref.h"

namespace railforge::document {

// The parts of an object an edit may change (a bit set).
enum ObjectPart : unsigned {
    // Where it is and its form: a waypoint's position, an edge's ends, an obstacle's outline, a
    // rail's curve (sameShape: points, handles, tilts, spline, frame, closed), a patrol's stops, mode,
    // agent and what it follows, an agent's sizes.
    kShapePart = 1u << 0,
    // Only how it is drawn: its colour property (isLookProperty).
    kLookPart = 1u << 1,
    // Everything else: its id, other properties, a rail's channels, a patrol's pipeline, an edge's
    // direction and cost.
    kDataPart = 1u << 2,
};
using ObjectParts = unsigned;
inline constexpr ObjectParts kEveryPart = kShapePart | kLookPart | kDataPart;

// The parts in which two objects of the same kind differ (kEveryPart for objects of two kinds).
ObjectParts changedParts(const AnyObject &before, const AnyObject &after);

} // namespace railforge::document
