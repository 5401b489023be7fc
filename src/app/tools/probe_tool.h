// M: the proximity probe. Moving the mouse shows the nearest point on the nearest rail; pressing
// drops the player marker there (drag it around), which stays probed while you edit.
#pragma once

#include "app/tools/canvas_tool.h"
#include "app/tools/tool_description.h"

namespace railforge::app {

class ProbeTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    static ToolDescription describe();
    void hover(const ToolEvent &event) override { host().probeAt(event.world, false); }
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override { press(event); }
};

} // namespace railforge::app
