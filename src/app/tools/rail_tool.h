// R: click to add control points; double-click or Enter finishes the rail; clicking the first point
// again closes it into a loop; Esc drops it.
#pragma once

#include "app/tools/point_list_tool.h"
#include "app/tools/tool_description.h"

namespace railforge::app {

class RailTool : public PointListTool {
public:
    using PointListTool::PointListTool;
    static ToolDescription describe();
    void press(const ToolEvent &event) override;

protected:
    bool complete(const std::vector<QPointF> &points) override;
    std::size_t minimumPoints() const override { return 2; }

private:
    bool m_closing = false;
};

} // namespace railforge::app
