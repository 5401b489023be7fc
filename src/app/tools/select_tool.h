// V: click, Shift-click and rubber-band to select; drag to move the selection, a rail point or the
// active Bezier point's handle (following its mode; Alt breaks it free); double-click a rail to
// insert a control point there. An open rail's end dragged onto another rail snaps to its curve and
// joins it there in a junction; a click on a junction turns its default way, a drag moves it, a
// right click deletes it (docs/ui.md "Junctions"). Escape during a point or handle drag takes it back.
#pragma once

#include "app/tools/canvas_tool.h"
#include "app/tools/rail_join.h"
#include "app/tools/tool_description.h"
#include "document/editing/point_handle.h"

#include <optional>

namespace railforge::app {

class SelectTool : public PlanTool {
public:
    using PlanTool::PlanTool;
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

private:
    enum class Mode { Idle, MoveSelection, MoveRailPoint, MoveRailHandle, RubberBand, Junction };
    // Where a dragged rail end would join another rail (while it is near one): the rails the plan
    // shows near the pointer, chosen among by the rule both views share (rail_join.h).
    std::optional<JoinTarget> joinTarget(QPointF screen);
    void dragRailPoint(const ToolEvent &event);
    Mode m_mode = Mode::Idle;
    QPointF m_pressWorld;
    QPointF m_pressScreen;
    QPointF m_currentScreen;
    QPointF m_applied; // world offset already applied during this drag
    int m_mergeKey = 0;
    std::string m_rail;
    std::size_t m_railPoint = 0;
    // The held rail point or Bezier handle (Mode::MoveRailPoint, MoveRailHandle): the handle protocol
    // the 3D gizmo and the profile use too (document/editing/point_handle.h).
    std::optional<document::HandleDrag> m_grip;
    bool m_breakFree = false; // Alt was down when the handle drag began
    bool m_additive = false;
    std::string m_junction;           // the junction pressed (Mode::Junction)
    bool m_turnOnClick = false;       // it was the one selected junction: a click turns its default
    bool m_moved = false;             // the mouse went beyond a click since the press
    bool m_overJunction = false;      // the mouse is over a junction (the hint says what it does)
    std::optional<JoinTarget> m_join; // where the dragged end would join, shown while dragging
    // The plan index as the drag of a rail end began: the other rails stay put while it lasts, and
    // asking the live one would rebuild it for the whole level at every step of the drag.
    std::optional<core::RailIndex> m_joinIndex;
};

} // namespace railforge::app
