#include "app/tools/waypoint_tool.h"

#include "document/editing/level_editing.h"

namespace railforge::app {

void WaypointTool::press(const ToolEvent &event)
{
    const QPointF p = host().snap(event.world);
    const double z = host().placedHeight(p, document::ObjectKind::Waypoint, 0.0);
    const std::string id = document::addWaypoint(host().document(), {p.x(), p.y(), z});
    host().selection().set({{document::ObjectKind::Waypoint, id}});
}

} // namespace railforge::app
