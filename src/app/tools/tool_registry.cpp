#include "app/tools/tool_registry.h"

#include "app/tools/connect_tool.h"
#include "app/tools/obstacle_tool.h"
#include "app/tools/patrol_tool.h"
#include "app/tools/probe_tool.h"
#include "app/tools/rail_tool.h"
#include "app/tools/ruler_tool.h"
#include "app/tools/select_tool.h"
#include "app/tools/waypoint_tool.h"

#include <QCoreApplication>

#include <stdexcept>

namespace railforge::app {

const std::vector<ToolDescription> &toolDescriptions()
{
    static const std::vector<ToolDescription> tools = {
        SelectTool::describe(),   WaypointTool::describe(), ConnectTool::describe(), RailTool::describe(),
        ObstacleTool::describe(), PatrolTool::describe(),   ProbeTool::describe(),   RulerTool::describe(),
    };
    return tools;
}

const ToolDescription &describeTool(EditorController::Tool tool)
{
    for (const auto &description : toolDescriptions())
        if (description.tool == tool) return description;
    // Every enum value is registered (tests/ui/tst_tool_registry.qml walks them all).
    throw std::logic_error("canvas tool without a description");
}

QString toolText(const char *text) { return QCoreApplication::translate(kToolTextContext, text); }

} // namespace railforge::app
