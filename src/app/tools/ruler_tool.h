// U: the distance ruler. Drag from one point to another (or click both); the straight distance and
// its x / y parts show on the canvas and in the status bar, and where the ends have heights (on a
// waypoint, a rail point or a rail: their z; elsewhere the ground: z 0 on the plan, the surface under
// the pointer in 3D) the height difference dz, the slope and the 3D length too. The same tool
// measures on the plan and in the 3D view. Points snap like every other tool's, so waypoint-to-waypoint
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
    Draft draft() const override;
    // The measured distance in the plan (world units), if a measurement is shown.
    std::optional<double> distance() const;
    // The height difference from the first end to the second, and the 3D length.
    double dz() const { return m_to->z - m_from->z; }
    double length3d() const;

private:
    void moveEnd(const ToolEvent &event);
    // Where an end lands for a pointer event: on the waypoint or control point a click picks there
    // (every kind, locked or not: measuring moves nothing), its own position; on a rail's curve,
    // the pointer's point at the curve's height; else the pointer's point on the ground.
    core::Vec3 endAt(const ToolEvent &event) const;
    std::optional<core::Vec3> m_from;
    std::optional<core::Vec3> m_to;
    bool m_fixed = false; // both ends placed: the next press starts a new measurement
};

} // namespace railforge::app
