#include "app/tools/canvas_tool.h"

#include "app/plan/canvas_hit_test.h"
#include "document/editing/level_editing.h"

namespace railforge::app {

void CanvasTool::secondaryPress(const ToolEvent &event)
{
    const auto hit = hitTest(host().level(), host().rails(), host().view(), event.screen, host().layers());
    if (hit && hit->type == CanvasHit::Type::RailPoint)
        document::removeRailPoint(host().document(), hit->object.id, hit->point);
}

} // namespace railforge::app
