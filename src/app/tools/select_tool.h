// V: click, Shift-click and rubber-band to select; drag to move the selection, a rail point or the
// active Bezier point's handle (following its mode; Alt breaks it free); double-click a rail to
// insert a control point there.
#pragma once

#include "app/tools/canvas_tool.h"
#include "document/editing/rail_handle_editing.h"

#include <optional>

namespace railforge::app {

class SelectTool : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    void press(const ToolEvent &event) override;
    void drag(const ToolEvent &event) override;
    void release(const ToolEvent &event) override;
    void doubleClick(const ToolEvent &event) override;
    bool cancel() override;
    void paintOverlay(QPainter &painter) const override;
    QString hint() const override;

private:
    enum class Mode { Idle, MoveSelection, MoveRailPoint, MoveRailHandle, RubberBand };
    Mode m_mode = Mode::Idle;
    QPointF m_pressWorld;
    QPointF m_pressScreen;
    QPointF m_currentScreen;
    QPointF m_applied; // world offset already applied during this drag
    int m_mergeKey = 0;
    std::string m_rail;
    std::size_t m_railPoint = 0;
    document::HandleSide m_handleSide = document::HandleSide::Out;
    bool m_breakFree = false; // Alt was down when the handle drag began
    bool m_additive = false;
};

} // namespace railforge::app
