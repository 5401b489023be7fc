#include "app/tools/waypoint_tool.h"

#include "document/editing/level_editing.h"

namespace railforge::app {

ToolDescription WaypointTool::describe()
{
    return {EditorController::Tool::Waypoint,
            "waypoint",
            QT_TRANSLATE_NOOP("Tools", "Add waypoint"),
            "W",
            QT_TRANSLATE_NOOP("Tools", "Click to place a waypoint"),
            Qt::CrossCursor,
            [](ToolHost &host) -> std::unique_ptr<CanvasTool> { return std::make_unique<WaypointTool>(host); }};
}

void WaypointTool::press(const ToolEvent &event)
{
    const QPointF p = host().snap(event.world);
    // A new waypoint has nothing to be near: it lands on the top surface there.
    const double z = host().placedHeight(p, document::ObjectKind::Waypoint, 0.0, true);
    const std::string id = document::addWaypoint(host().document(), {p.x(), p.y(), z});
    host().selection().set({{document::ObjectKind::Waypoint, id}});
}

} // namespace railforge::app
