#include "app/tools/canvas_tool.h"

#include "app/editor/rail_point_removal.h"
#include "app/plan/canvas_hit_test.h"

namespace railforge::app {

void CanvasTool::secondaryPress(const ToolEvent &event)
{
    const auto hit = host().pickAt(event.screen, host().layers(), nullptr);
    if (!hit || hit->type != CanvasHit::Type::RailPoint) return;
    const auto said = removeRailPointSaying(host().document(), hit->object.id, hit->point);
    if (said && !said->isEmpty()) host().showStatus(*said);
}

} // namespace railforge::app
