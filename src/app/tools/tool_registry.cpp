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

namespace railforge::app {

const std::vector<ToolDescription> &toolDescriptions()
{
    static const std::vector<ToolDescription> tools = {
        SelectTool::describe(),   WaypointTool::describe(), ConnectTool::describe(), RailTool::describe(),
        ObstacleTool::describe(), PatrolTool::describe(),   ProbeTool::describe(),   RulerTool::describe(),
    };
    return tools;
}

int toolIndex(const QString &id)
{
    const auto &tools = toolDescriptions();
    for (std::size_t i = 0; i < tools.size(); ++i)
        if (id == QLatin1String(tools[i].id)) return int(i);
    return -1;
}

const ToolDescription *findTool(const QString &id)
{
    const int index = toolIndex(id);
    return index < 0 ? nullptr : &toolDescriptions()[std::size_t(index)];
}

QString toolText(const char *text) { return QCoreApplication::translate(kToolTextContext, text); }

} // namespace railforge::app
