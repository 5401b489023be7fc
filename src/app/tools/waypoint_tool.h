// W: click to place a waypoint (snapped to the grid when snapping is on); the new one is selected.
#pragma once

#include "app/tools/canvas_tool.h"
#include "app/tools/tool_description.h"

namespace railforge::app {

class WaypointTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    static ToolDescription describe();
    void press(const ToolEvent &event) override;
};

} // namespace railforge::app
