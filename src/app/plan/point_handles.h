// The Bezier handles the canvas shows for a rail's active point (docs/ui.md "Visual language"): the two
// handle tips (world), hollow when automatic; none for a corner, none that no segment uses (an
// open rail's first "in" and last "out").
#pragma once

#include "document/editing/rail_handle_editing.h"
#include "document/model/level.h"

#include <vector>

namespace railforge::app {

// One handle the canvas draws and lets the designer drag.
struct ShownHandle {
    document::HandleSide side; // which handle of the point
    core::Vec3 tip;            // point + offset (world)
    bool automatic = false;    // an auto handle (drawn hollow)
};

// The handles of point `point` of `rail` (empty unless the rail is bezier).
std::vector<ShownHandle> shownHandleTips(const document::Rail &rail, std::size_t point);

} // namespace railforge::app
