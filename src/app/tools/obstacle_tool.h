// O: click the corners of a polygon obstacle, Enter or double-click to finish; Shift-drag from the
// centre draws a circle.
#pragma once

#include "app/tools/point_list_tool.h"
#include "app/tools/tool_description.h"

#include <optional>

namespace railforge::app {

class ObstacleTool : public PointListTool {
public:
    // A tool of the plan alone: it reads the plan's transform.
    explicit ObstacleTool(PlanToolHost &host) : PointListTool(host), m_plan(host) {}
    static ToolDescription describe();
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override;
    void release(const ToolEvent &event) override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;

protected:
    bool complete(const std::vector<core::Vec3> &points) override;
    std::size_t minimumPoints() const override { return 3; }
    bool previewClosed() const override { return true; }

private:
    PlanToolHost &m_plan;
    std::optional<QPointF> m_circleCenter;
    double m_circleRadius = 0;
};

} // namespace railforge::app
