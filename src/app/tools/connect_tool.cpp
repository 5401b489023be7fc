#include "app/tools/connect_tool.h"

#include "app/drawing/canvas_palette.h"
#include "app/plan/canvas_hit_test.h"
#include "document/editing/level_editing.h"

#include <QPainter>

namespace railforge::app {

ToolDescription ConnectTool::describe()
{
    return {"connect",
            QT_TRANSLATE_NOOP("Tools", "Connect waypoints (Shift: one-way)"),
            "E",
            QT_TRANSLATE_NOOP("Tools", "Drag from a waypoint to another to connect them (Shift: one-way)"),
            Qt::PointingHandCursor,
            &makePlanTool<ConnectTool>};
}

void ConnectTool::press(const ToolEvent &event)
{
    m_from = waypointAt(host().level(), plan().view(), event.screen, host().layers());
    if (!m_from) return;
    auto at = document::findObject(host().level(), {document::ObjectKind::Waypoint, *m_from});
    const auto &p = host().level().waypoints[at->index].position;
    m_fromScreen = plan().view().toScreen({p.x, p.y});
    m_currentScreen = event.screen;
}

void ConnectTool::drag(const ToolEvent &event)
{
    if (!m_from) return;
    m_currentScreen = event.screen;
    host().requestUpdate();
}

void ConnectTool::release(const ToolEvent &event)
{
    if (!m_from) return;
    const auto to = waypointAt(host().level(), plan().view(), event.screen, host().layers());
    const std::string from = *m_from;
    m_from.reset();
    host().requestUpdate();
    if (!to || *to == from) return;
    const bool oneWay = event.modifiers.testFlag(Qt::ShiftModifier);
    if (document::connectWaypoints(host().document(), from, *to, !oneWay))
        host().selection().set({{document::ObjectKind::Edge, from + ">" + *to}});
}

bool ConnectTool::cancel()
{
    if (!m_from) return false;
    m_from.reset();
    host().requestUpdate();
    return true;
}

void ConnectTool::paintOverlay(QPainter &painter) const
{
    if (!m_from) return;
    painter.setPen(QPen(palette::draft, 1.5, Qt::DashLine));
    painter.drawLine(m_fromScreen, m_currentScreen);
}

} // namespace railforge::app
