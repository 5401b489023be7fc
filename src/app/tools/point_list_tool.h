// The shared part of tools that collect clicked points (rails, polygons, patrol stops): the points
// so far, a rubber line to the cursor, Enter / double-click to finish, Esc to drop.
#pragma once

#include "app/tools/canvas_tool.h"

#include <vector>

namespace railforge::app {

class PointListTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    void hover(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override { hover(event); }
    void doubleClick(const ToolEvent &) override { finish(); }
    bool finish() override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;
    Draft draft() const override;

protected:
    // Uses the collected points (world); returns false to keep collecting.
    virtual bool complete(const std::vector<core::Vec3> &points) = 0;
    // The fewest points complete() accepts.
    virtual std::size_t minimumPoints() const = 0;
    // Whether the preview should close the outline.
    virtual bool previewClosed() const { return false; }
    // The point a click at plan point `world` adds (snapped; its height 0 unless the tool places
    // points in 3D).
    virtual core::Vec3 placed(QPointF world) const;
    void addPoint(QPointF world);
    std::vector<core::Vec3> m_points;
    std::optional<core::Vec3> m_cursor;
};

} // namespace railforge::app
