// W: click to place a waypoint (snapped to the grid when snapping is on); the new one is selected.
#pragma once

#include "app/tools/canvas_tool.h"

namespace railforge::app {

class WaypointTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    void press(const ToolEvent &event) override;
    QString hint() const override { return QObject::tr("Click to place a waypoint"); }
};

} // namespace railforge::app
