// O: click the corners of a polygon obstacle, Enter or double-click to finish; Shift-drag from the
// centre draws a circle.
#pragma once

#include "app/tools/point_list_tool.h"

#include <optional>

namespace railforge::app {

class ObstacleTool : public PointListTool {
public:
    using PointListTool::PointListTool;
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override;
    void release(const ToolEvent &event) override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;
    QString hint() const override
    {
        return QObject::tr("Click polygon corners, Enter to finish; Shift-drag from the centre for a circle");
    }

protected:
    bool complete(const std::vector<QPointF> &points) override;
    std::size_t minimumPoints() const override { return 3; }
    bool previewClosed() const override { return true; }

private:
    std::optional<QPointF> m_circleCenter;
    double m_circleRadius = 0;
};

} // namespace railforge::app
