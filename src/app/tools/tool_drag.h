// What a tool's drag asks of the view it happens in (docs/ui.md "Tools and shortcuts"): where the
// pointer takes a grabbed point, and which rails show near the pointer for a dragged end to join.
// The plan answers with its plan point and its rail index; the 3D view with a plane or the vertical
// through the grabbed point and its own projection. The rules of the drag (snapping, heights, the
// join) stay with the tool, so they are the same in both views.
#pragma once

#include "app/tools/rail_join.h"
#include "core/vec3.h"

#include <QPointF>
#include <Qt>

#include <optional>
#include <vector>

namespace railforge::app {

// One pointer event in canvas terms.
struct ToolEvent {
    QPointF screen; // item pixels
    QPointF world;  // world point (not snapped): the plan's point, or where the 3D pointer lands
    Qt::MouseButton button = Qt::LeftButton;
    Qt::KeyboardModifiers modifiers; // Shift toggles selection, makes one-way edges, circle obstacles
    bool vertical = false;           // 3D: Ctrl or Z held, a drag goes along the vertical
};

// A point the pointer drags, from the press that grabbed it (ToolHost::grabPoint).
class PointFollow {
public:
    virtual ~PointFollow() = default;
    // Where the pointer of `event` takes the point (not snapped), the point being at `now`: in the
    // plan the pointer's plan point at the point's own height; in 3D the place under the pointer on
    // the horizontal plane through the point, or on the vertical through it while `event.vertical`
    // (a change of axis goes on from `now`). Nothing where the pointer takes it nowhere.
    virtual std::optional<core::Vec3> follow(const ToolEvent &event, core::Vec3 now) = 0;
    // The last follow went along the vertical.
    virtual bool vertical() const = 0;
};

// The rails a view shows near the pointer, for a dragged rail end to join (rail_join.h). Made as a
// drag begins: the rails that do not move stay as they were while it lasts.
class JoinFinder {
public:
    virtual ~JoinFinder() = default;
    virtual std::vector<JoinCandidate> near(QPointF screen) = 0;
};

} // namespace railforge::app
