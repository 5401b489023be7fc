#include "app/tools/waypoint_tool.h"

#include "document/editing/level_editing.h"
#include "document/model/tool_numbers.h"

namespace railforge::app {

ToolDescription WaypointTool::describe()
{
    return {"waypoint",
            QT_TRANSLATE_NOOP("Tools", "Add waypoint"),
            "W",
            QT_TRANSLATE_NOOP("Tools", "Click to place a waypoint"),
            Qt::CrossCursor,
            &makePlanTool<WaypointTool>,
            &makeAnyViewTool<WaypointTool>};
}

void WaypointTool::press(const ToolEvent &event)
{
    const QPointF p = host().snap(event.world);
    // A new waypoint has nothing to be near: it lands on the top surface there.
    const double z = host().placedHeight(p, document::ObjectKind::Waypoint, 0.0, true);
    // With an agent's navmesh shown, it lands where that agent can stand (rounded as tools round a
    // place they work out).
    const core::Vec3 clicked{p.x(), p.y(), z};
    const core::Vec3 landed = host().walkableLanding(clicked);
    const std::string id =
        document::addWaypoint(host().document(), landed == clicked ? clicked : document::toolPoint(landed));
    host().selection().set({{document::ObjectKind::Waypoint, id}});
}

} // namespace railforge::app
