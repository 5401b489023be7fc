// U: the distance ruler. Drag from one point to another (or click both); the straight distance and
// its x / y parts show on the canvas and in the status bar, and where the ends have heights (on a
// waypoint, a rail point or a rail: their z; elsewhere the ground, z 0) the height difference dz,
// the slope and the 3D length too. Points snap like every other tool's, so waypoint-to-waypoint
// distances are one drag. Measuring changes nothing in the level.
#pragma once

#include "app/tools/canvas_tool.h"
#include "app/tools/tool_description.h"

#include <optional>

namespace railforge::app {

class RulerTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    static ToolDescription describe();
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override;
    void hover(const ToolEvent &event) override;
    void release(const ToolEvent &event) override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;
    QString hint() const override;
    // The measured distance in the plan (world units), if a measurement is shown.
    std::optional<double> distance() const;
    // The height difference from the first end to the second, and the 3D length.
    double dz() const { return m_toZ - m_fromZ; }
    double length3d() const;

private:
    void moveEnd(QPointF world);
    // The height of what lies under a plan point: the waypoint, rail point or rail the canvas would
    // pick there, else the ground (0).
    double heightAt(QPointF world);
    double m_fromZ = 0.0, m_toZ = 0.0;
    std::optional<QPointF> m_from;
    std::optional<QPointF> m_to;
    bool m_dragging = false;
    bool m_fixed = false; // both ends placed: the next press starts a new measurement
};

} // namespace railforge::app
