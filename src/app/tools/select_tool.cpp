#include "app/tools/select_tool.h"

#include "app/plan/canvas_hit_test.h"
#include "app/plan/canvas_palette.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"

#include <QPainter>

namespace railforge::app {

using document::ObjectId;
using document::ObjectKind;

void SelectTool::press(const ToolEvent &event)
{
    m_pressWorld = event.world;
    m_pressScreen = m_currentScreen = event.screen;
    m_applied = {};
    m_additive = event.modifiers.testFlag(Qt::ShiftModifier);
    const auto hit =
        hitTest(host().level(), host().rails(), host().view(), event.screen, host().layers(), &host().selection());
    if (!hit) {
        m_mode = Mode::RubberBand;
        if (!m_additive) host().selection().clear();
        return;
    }
    if (m_additive) {
        host().selection().toggle(hit->object);
        m_mode = Mode::Idle;
        return;
    }
    if (hit->type == CanvasHit::Type::RailHandle) {
        m_mode = Mode::MoveRailHandle;
        m_rail = hit->object.id;
        m_railPoint = hit->point;
        m_handleSide = hit->outHandle ? document::HandleSide::Out : document::HandleSide::In;
        m_breakFree = event.modifiers.testFlag(Qt::AltModifier); // Alt held from the press on
        m_mergeKey = host().nextMergeKey();
        return;
    }
    if (hit->type == CanvasHit::Type::RailPoint) {
        host().selection().setRailPoint(hit->object, int(hit->point));
        m_mode = Mode::MoveRailPoint;
        m_rail = hit->object.id;
        m_railPoint = hit->point;
        m_mergeKey = host().nextMergeKey();
        return;
    }
    if (!host().selection().contains(hit->object)) host().selection().set({hit->object});
    m_mode = Mode::MoveSelection;
    m_mergeKey = host().nextMergeKey();
}

void SelectTool::drag(const ToolEvent &event)
{
    m_currentScreen = event.screen;
    switch (m_mode) {
    case Mode::MoveSelection: {
        // Snap the travelled offset so that grid-aligned objects stay on the grid.
        const QPointF wanted = host().snap(event.world - m_pressWorld);
        const QPointF offset = wanted - m_applied;
        if (offset.isNull()) return;
        // Waypoints stay on the ground while snapping to it (placedHeight keeps their z otherwise).
        document::moveObjects(host().document(), host().selection().list(), {offset.x(), offset.y(), 0}, m_mergeKey,
                              [this](core::Vec3 p) {
                                  return host().placedHeight({p.x, p.y}, ObjectKind::Waypoint, p.z);
                              });
        m_applied = wanted;
        break;
    }
    case Mode::MoveRailPoint: {
        auto at = document::findObject(host().level(), {ObjectKind::Rail, m_rail});
        if (!at || m_railPoint >= host().level().rails[at->index].points.size()) return;
        const QPointF p = host().snapPoint(event.world);
        const double z =
            host().placedHeight(p, ObjectKind::Rail, host().level().rails[at->index].points[m_railPoint].z);
        document::moveRailPoint(host().document(), m_rail, m_railPoint, {p.x(), p.y(), z}, m_mergeKey);
        break;
    }
    case Mode::MoveRailHandle: {
        auto at = document::findObject(host().level(), {ObjectKind::Rail, m_rail});
        if (!at) return;
        const auto &rail = host().level().rails[at->index];
        if (m_railPoint >= rail.points.size()) return;
        // The handle follows the cursor in the plan; its height offset stays as it is.
        const document::PointHandles shown = document::shownHandles(rail, m_railPoint);
        const double dz = m_handleSide == document::HandleSide::Out ? shown.out.z : shown.in.z;
        const QPointF p = host().snap(event.world);
        const core::Vec3 offset{p.x() - rail.points[m_railPoint].x, p.y() - rail.points[m_railPoint].y, dz};
        document::moveRailHandle(host().document(), m_rail, m_railPoint, m_handleSide, offset,
                                 m_breakFree || event.modifiers.testFlag(Qt::AltModifier), m_mergeKey);
        break;
    }
    case Mode::RubberBand: host().requestUpdate(); break;
    case Mode::Idle: break;
    }
}

void SelectTool::release(const ToolEvent &event)
{
    if (m_mode == Mode::RubberBand) {
        const QRectF band =
            QRectF(host().view().toWorld(m_pressScreen), host().view().toWorld(event.screen)).normalized();
        std::set<ObjectId> picked = m_additive ? host().selection().objects() : std::set<ObjectId>{};
        const auto &level = host().level();
        auto inside = [&](double x, double y) { return band.contains(QPointF(x, y)); };
        auto pickable = [&](ObjectKind kind) { return !host().layers() || host().layers()->pickable(kind); };
        for (const auto &w : level.waypoints)
            if (pickable(ObjectKind::Waypoint) && inside(w.position.x, w.position.y))
                picked.insert({ObjectKind::Waypoint, w.id});
        for (const auto &r : level.rails)
            if (pickable(ObjectKind::Rail) && !r.points.empty() &&
                std::all_of(r.points.begin(), r.points.end(), [&](const auto &p) { return inside(p.x, p.y); }))
                picked.insert({ObjectKind::Rail, r.id});
        for (const auto &o : level.obstacles) {
            const bool in = o.shape == document::Obstacle::Shape::Circle
                                ? inside(o.circle.center.x, o.circle.center.y)
                                : !o.polygon.empty() && std::all_of(o.polygon.begin(), o.polygon.end(),
                                                                    [&](const auto &p) { return inside(p.x, p.y); });
            if (in && pickable(ObjectKind::Obstacle)) picked.insert({ObjectKind::Obstacle, o.id});
        }
        host().selection().set(std::move(picked));
        host().requestUpdate();
    }
    m_mode = Mode::Idle;
}

void SelectTool::doubleClick(const ToolEvent &event)
{
    const auto hit = hitTest(host().level(), host().rails(), host().view(), event.screen, host().layers());
    if (!hit || hit->type != CanvasHit::Type::RailCurve) return;
    // The new point goes on the curve where the designer double-clicked, between the segment's ends.
    auto at = document::findObject(host().level(), hit->object);
    if (!at) return;
    // On a bezier rail the curve stays exactly as it was (the segment is split, handles and all).
    document::insertRailPointOnCurve(host().document(), hit->object.id, hit->point, hit->u);
    host().selection().setRailPoint(hit->object, int(hit->point + 1));
}

bool SelectTool::cancel()
{
    if (m_mode != Mode::RubberBand) return false;
    m_mode = Mode::Idle;
    host().requestUpdate();
    return true;
}

void SelectTool::paintOverlay(QPainter &painter) const
{
    if (m_mode != Mode::RubberBand) return;
    painter.setPen(QPen(palette::rubberBand, 1.0, Qt::DashLine));
    painter.setBrush(palette::rubberBandFill);
    painter.drawRect(QRectF(m_pressScreen, m_currentScreen).normalized());
}

QString SelectTool::hint() const
{
    return QObject::tr("Click or drag a box to select, Shift to add; drag to move; double-click a rail to add a point; "
                       "Alt-drag a Bezier handle to break it free");
}

} // namespace railforge::app
