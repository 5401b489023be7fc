// P: click waypoints in the order the patrol visits them; Enter or double-click creates the patrol.
#pragma once

#include "app/tools/point_list_tool.h"
#include "app/tools/tool_description.h"

#include <string>

namespace railforge::app {

class PatrolTool : public PointListTool {
public:
    // A tool of the plan alone: it reads the plan's transform.
    explicit PatrolTool(PlanToolHost &host) : PointListTool(host), m_plan(host) {}
    static ToolDescription describe();
    void press(const ToolEvent &event) override;
    bool cancel() override;

protected:
    bool complete(const std::vector<core::Vec3> &points) override;
    std::size_t minimumPoints() const override { return 2; }

private:
    PlanToolHost &m_plan;
    std::vector<std::string> m_stops;
};

} // namespace railforge::app
