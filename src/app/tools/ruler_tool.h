// U: the distance ruler. Drag from one point to another (or click both); the straight distance and
// its x / y parts show on the canvas and in the status bar. Points snap like every other tool's,
// so waypoint-to-waypoint distances are one drag. Measuring changes nothing in the level.
#pragma once

#include "app/tools/canvas_tool.h"

#include <optional>

namespace railforge::app {

class RulerTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override;
    void hover(const ToolEvent &event) override;
    void release(const ToolEvent &event) override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;
    QString hint() const override;
    // The measured distance in world units, if a measurement is shown.
    std::optional<double> distance() const;

private:
    void moveEnd(QPointF world);
    std::optional<QPointF> m_from;
    std::optional<QPointF> m_to;
    bool m_dragging = false;
    bool m_fixed = false; // both ends placed: the next press starts a new measurement
};

} // namespace railforge::app
