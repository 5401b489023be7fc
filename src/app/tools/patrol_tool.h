// P: click waypoints in the order the patrol visits them; Enter or double-click creates the patrol.
#pragma once

#include "app/tools/point_list_tool.h"

#include <string>

namespace railforge::app {

class PatrolTool : public PointListTool {
public:
    using PointListTool::PointListTool;
    void press(const ToolEvent &event) override;
    bool cancel() override;
    QString hint() const override
    {
        return QObject::tr("Click waypoints in visiting order; Enter to create the patrol");
    }

protected:
    bool complete(const std::vector<QPointF> &points) override;
    std::size_t minimumPoints() const override { return 2; }

private:
    std::vector<std::string> m_stops;
};

} // namespace railforge::app
