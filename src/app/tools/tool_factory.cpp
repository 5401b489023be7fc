#include "app/tools/tool_factory.h"

#include "app/tools/connect_tool.h"
#include "app/tools/obstacle_tool.h"
#include "app/tools/patrol_tool.h"
#include "app/tools/probe_tool.h"
#include "app/tools/rail_tool.h"
#include "app/tools/ruler_tool.h"
#include "app/tools/select_tool.h"
#include "app/tools/waypoint_tool.h"

namespace railforge::app {

std::unique_ptr<CanvasTool> makeTool(EditorController::Tool tool, ToolHost &host)
{
    using Tool = EditorController::Tool;
    switch (tool) {
    case Tool::Select: return std::make_unique<SelectTool>(host);
    case Tool::Waypoint: return std::make_unique<WaypointTool>(host);
    case Tool::Connect: return std::make_unique<ConnectTool>(host);
    case Tool::Rail: return std::make_unique<RailTool>(host);
    case Tool::Obstacle: return std::make_unique<ObstacleTool>(host);
    case Tool::Patrol: return std::make_unique<PatrolTool>(host);
    case Tool::Probe: return std::make_unique<ProbeTool>(host);
    case Tool::Ruler: return std::make_unique<RulerTool>(host);
    }
    return nullptr;
}

} // namespace railforge::app
