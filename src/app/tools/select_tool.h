// V: click, Shift-click and rubber-band to select; drag to move the selection, a rail point or the
// active Bezier point's handle (following its mode; Alt breaks it free); double-click a rail to
// insert a control point there. An open rail's end dragged onto another rail snaps to its curve and
// joins it there in a junction; a click on a junction turns its default way, a drag moves it, a
// right click deletes it (docs/ui.md "Junctions"). Escape during a drag takes it back.
// One tool for the plan and the 3D view: each view says what is under the pointer and where a drag
// takes a point (ToolHost, tool_drag.h); in 3D a drag goes along the vertical with Ctrl or Z held.
#pragma once

#include "app/tools/canvas_tool.h"
#include "app/tools/rail_join.h"
#include "app/tools/tool_description.h"
#include "document/editing/point_handle.h"

#include <memory>
#include <optional>

namespace railforge::app {

class SelectTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    static ToolDescription describe();
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override;
    void release(const ToolEvent &event) override;
    void secondaryPress(const ToolEvent &event) override;
    void hover(const ToolEvent &event) override;
    void doubleClick(const ToolEvent &event) override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;
    QString hint() const override;
    Draft draft() const override;

private:
    enum class Mode { Idle, MoveSelection, MoveRailPoint, MoveRailHandle, RubberBand, Junction };
    void pressJunction(const ToolEvent &event, const std::string &junction);
    // Where a dragged rail end would join another rail (while it is near one): the rails the view
    // shows near the pointer, chosen among by the rule both views share (rail_join.h).
    std::optional<JoinTarget> joinTarget(QPointF screen);
    void dragSelection(const ToolEvent &event);
    void dragRailPoint(const ToolEvent &event);
    void dragJunction(const ToolEvent &event);
    void selectInBand(QPointF to);
    // A height on the grid's whole steps while snapping is on (a vertical drag).
    double snapHeight(double z) const;
    Mode m_mode = Mode::Idle;
    QPointF m_pressScreen;
    QPointF m_currentScreen;
    core::Vec3 m_anchor;  // where the selection was grabbed (Mode::MoveSelection)
    core::Vec3 m_applied; // offset already applied during this drag
    int m_mergeKey = 0;
    int m_undoIndex = 0; // the undo stack's as the press began: Escape takes the drag back to it
    std::string m_rail;
    std::size_t m_railPoint = 0;
    // The held rail point or Bezier handle (Mode::MoveRailPoint, MoveRailHandle): the handle protocol
    // the 3D gizmo and the profile use too (document/editing/point_handle.h).
    std::optional<document::HandleDrag> m_grip;
    std::unique_ptr<PointFollow> m_follow; // where the pointer takes the grabbed point, in its view
    bool m_breakFree = false;              // Alt was down when the handle drag began
    bool m_additive = false;
    // Shift pressed on this object: a click toggles it, a drag draws a band (Mode::RubberBand).
    std::optional<document::ObjectId> m_toggle;
    std::string m_junction;           // the junction pressed (Mode::Junction)
    bool m_turnOnClick = false;       // it was the one selected junction: a click turns its default
    bool m_moved = false;             // the mouse went beyond a click since the press
    bool m_overJunction = false;      // the mouse is over a junction (the hint says what it does)
    std::optional<JoinTarget> m_join; // where the dragged end would join, shown while dragging
    // The view's rails near the pointer, made as the drag of a rail end began: the other rails stay
    // put while it lasts (the plan's index is not rebuilt at every step of the drag).
    std::unique_ptr<JoinFinder> m_joinFinder;
};

} // namespace railforge::app
