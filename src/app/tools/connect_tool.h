// E: drag from one waypoint to another to connect them; hold Shift for a one-way edge.
#pragma once

#include "app/tools/canvas_tool.h"
#include "app/tools/tool_description.h"

#include <optional>
#include <string>

namespace railforge::app {

class ConnectTool : public PlanTool {
public:
    using PlanTool::PlanTool;
    static ToolDescription describe();
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override;
    void release(const ToolEvent &event) override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;

private:
    std::optional<std::string> m_from;
    QPointF m_fromScreen;
    QPointF m_currentScreen;
};

} // namespace railforge::app
