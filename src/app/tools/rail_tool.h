// R: click to add control points; double-click or Enter finishes the rail; clicking the first point
// again closes it into a loop; Esc drops it. The same tool draws on the plan and in the 3D view: each
// point lands on the ground under the pointer (the surface nearest the point before, on the plan).
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
    bool complete(const std::vector<core::Vec3> &points) override;
    std::size_t minimumPoints() const override { return 2; }
    core::Vec3 placed(QPointF world) const override;

private:
    bool m_closing = false;
};

} // namespace railforge::app
