#include "app/tools/patrol_tool.h"

#include "app/plan/canvas_hit_test.h"
#include "document/editing/level_editing.h"

namespace railforge::app {

ToolDescription PatrolTool::describe()
{
    return {"patrol",
            QT_TRANSLATE_NOOP("Tools", "Define patrol"),
            "P",
            QT_TRANSLATE_NOOP("Tools", "Click waypoints in visiting order; Enter to create the patrol"),
            Qt::PointingHandCursor,
            &makePlanTool<PatrolTool>};
}

void PatrolTool::press(const ToolEvent &event)
{
    const auto id = waypointAt(host().level(), m_plan.view(), event.screen, host().layers());
    if (!id || (!m_stops.empty() && m_stops.back() == *id)) return;
    const auto at = document::findObject(host().level(), {document::ObjectKind::Waypoint, *id});
    const auto &p = host().level().waypoints[at->index].position;
    m_stops.push_back(*id);
    m_points.push_back({p.x, p.y, 0.0});
    host().requestUpdate();
}

bool PatrolTool::cancel()
{
    m_stops.clear();
    return PointListTool::cancel();
}

bool PatrolTool::complete(const std::vector<core::Vec3> &)
{
    auto id = document::addPatrol(host().document(), m_stops);
    m_stops.clear();
    if (id) host().selection().set({{document::ObjectKind::Patrol, *id}});
    return id.has_value();
}

} // namespace railforge::app
