#include "app/tools/select_tool.h"

#include "app/drawing/canvas_palette.h"
#include "app/editor/band_selection.h"
#include "app/plan/canvas_hit_test.h"
#include "document/editing/junction_editing.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/junction_network.h"

#include <QPainter>

#include <algorithm>

namespace railforge::app {

ToolDescription SelectTool::describe()
{
    return {"select",
            QT_TRANSLATE_NOOP("Tools", "Select / move"),
            "V",
            QT_TRANSLATE_NOOP("Tools", "Click or drag a box to select, Shift to add; drag to move; double-click a rail "
                                       "to add a point; drag a rail end onto a rail to join them"),
            Qt::ArrowCursor,
            &makePlanTool<SelectTool>,
            &makeAnyViewTool<SelectTool>,
            true};
}

using document::ObjectId;
using document::ObjectKind;

namespace {

constexpr double kClick = 3.0; // px the mouse may wander in a click

// Where junction `id` is now; nothing when it is gone.
std::optional<core::Vec3> junctionPosition(const document::Level &level, const std::string &id)
{
    const auto at = document::findObject(level, {ObjectKind::Junction, id});
    return at ? document::junctionPoint(level, level.junctions[at->index]) : std::nullopt;
}

// The event with its drag across (a junction slides along its rail: never up).
ToolEvent across(ToolEvent event)
{
    event.vertical = false;
    return event;
}

} // namespace

void SelectTool::press(const ToolEvent &event)
{
    m_pressScreen = m_currentScreen = event.screen;
    m_applied = {};
    m_additive = event.modifiers.testFlag(Qt::ShiftModifier);
    m_moved = false;
    m_join.reset();
    m_toggle.reset();
    m_follow.reset();
    m_joinFinder.reset();
    m_undoIndex = host().document().undoStack()->index();
    if (auto junction = host().junctionAt(event.screen)) {
        pressJunction(event, *junction);
        return;
    }
    const auto hit = host().pickAt(event.screen, host().layers(), &host().selection());
    if (!hit || m_additive) {
        // Nothing there, or Shift: a drag draws a band; Shift-click on an object toggles it.
        m_mode = Mode::RubberBand;
        if (hit) m_toggle = hit->object;
        if (!m_additive) host().selection().clear();
        return;
    }
    if (hit->type == CanvasHit::Type::RailHandle) {
        m_mode = Mode::MoveRailHandle;
        m_rail = hit->object.id;
        m_railPoint = hit->point;
        m_breakFree = event.modifiers.testFlag(Qt::AltModifier); // Alt held from the press on
        m_grip.emplace(host().document(),
                       document::PointHandle{m_rail, m_railPoint,
                                             hit->outHandle ? document::Grip::BezierOut : document::Grip::BezierIn},
                       host().nextMergeKey());
        return;
    }
    if (hit->type == CanvasHit::Type::RailPoint) {
        host().selection().setRailPoint(hit->object, int(hit->point));
        m_mode = Mode::MoveRailPoint;
        m_rail = hit->object.id;
        m_railPoint = hit->point;
        m_grip.emplace(host().document(), document::PointHandle{m_rail, m_railPoint, document::Grip::Point},
                       host().nextMergeKey());
        if (auto at = document::findObject(host().level(), hit->object))
            m_follow = host().grabPoint(host().level().rails[at->index].points[m_railPoint], event);
        return;
    }
    if (!host().selection().contains(hit->object)) host().selection().set({hit->object});
    m_mode = Mode::MoveSelection;
    m_mergeKey = host().nextMergeKey();
    // The plan knows no height under the pointer: its drags go across at the grabbed point's.
    m_anchor = hit->at.value_or(core::Vec3{event.world.x(), event.world.y(), 0.0});
    m_follow = host().grabPoint(m_anchor, event);
}

void SelectTool::pressJunction(const ToolEvent &event, const std::string &junction)
{
    const ObjectId id{ObjectKind::Junction, junction};
    if (m_additive) {
        m_mode = Mode::RubberBand;
        m_toggle = id;
        return;
    }
    // A click on the one selected junction turns its default way; on another, selects it.
    m_turnOnClick = host().selection().count() == 1 && host().selection().contains(id);
    if (!m_turnOnClick) host().selection().set({id});
    m_mode = Mode::Junction;
    m_junction = junction;
    m_mergeKey = host().nextMergeKey();
    if (const auto at = junctionPosition(host().level(), junction)) m_follow = host().grabPoint(*at, across(event));
}

void SelectTool::drag(const ToolEvent &event)
{
    m_currentScreen = event.screen;
    if (QLineF(m_pressScreen, event.screen).length() > kClick) m_moved = true;
    switch (m_mode) {
    case Mode::Junction: dragJunction(event); break;
    case Mode::MoveSelection: dragSelection(event); break;
    case Mode::MoveRailPoint: dragRailPoint(event); break;
    case Mode::MoveRailHandle: {
        auto at = document::findObject(host().level(), {ObjectKind::Rail, m_rail});
        if (!at) return;
        const auto &rail = host().level().rails[at->index];
        if (m_railPoint >= rail.points.size()) return;
        // The handle follows the cursor in the plan; its height above its point stays as it is.
        const document::PointHandles shown = document::shownHandles(rail, m_railPoint);
        const double dz = m_grip->handle().grip == document::Grip::BezierOut ? shown.out.z : shown.in.z;
        const QPointF p = host().snap(event.world);
        m_grip->moveTo({p.x(), p.y(), rail.points[m_railPoint].z + dz},
                       m_breakFree || event.modifiers.testFlag(Qt::AltModifier));
        break;
    }
    case Mode::RubberBand: host().requestUpdate(); break;
    case Mode::Idle: break;
    }
}

double SelectTool::snapHeight(double z) const { return host().snap({z, 0.0}).x(); }

void SelectTool::dragJunction(const ToolEvent &event)
{
    const auto now = junctionPosition(host().level(), m_junction);
    if (!m_moved || !m_follow || !now) return;
    if (const auto to = m_follow->follow(across(event), *now))
        document::moveJunction(host().document(), m_junction, *to, m_mergeKey);
}

void SelectTool::dragSelection(const ToolEvent &event)
{
    if (!m_follow) return;
    const auto to = m_follow->follow(event, m_anchor + m_applied);
    if (!to) return;
    // Snap the travelled offset so that grid-aligned objects stay on the grid.
    core::Vec3 wanted = m_applied;
    if (m_follow->vertical()) {
        wanted.z = snapHeight(to->z - m_anchor.z);
    } else {
        const QPointF travel = host().snap({to->x - m_anchor.x, to->y - m_anchor.y});
        wanted.x = travel.x();
        wanted.y = travel.y();
    }
    const core::Vec3 offset = wanted - m_applied;
    if (offset == core::Vec3{}) return;
    // Moved across, waypoints stay on the ground while snapping to it (draggedHeight keeps their z
    // otherwise); moved up, they go where the pointer takes them.
    std::function<double(core::Vec3)> height;
    if (!m_follow->vertical())
        height = [this](core::Vec3 p) { return host().draggedHeight({p.x, p.y}, ObjectKind::Waypoint, p.z); };
    document::moveObjects(host().document(), host().selection().list(), offset, m_mergeKey, height);
    m_applied = wanted;
}

void SelectTool::dragRailPoint(const ToolEvent &event)
{
    auto at = document::findObject(host().level(), {ObjectKind::Rail, m_rail});
    if (!at || m_railPoint >= host().level().rails[at->index].points.size()) return;
    const document::Rail &rail = host().level().rails[at->index];
    // An open rail's end near another rail snaps onto its curve: released there, it joins it.
    const bool end = !rail.closed && (m_railPoint == 0 || m_railPoint + 1 == rail.points.size());
    m_join = end ? joinTarget(event.screen) : std::nullopt;
    if (m_join) {
        m_grip->moveTo(m_join->point);
        return;
    }
    const core::Vec3 now = rail.points[m_railPoint];
    const auto to = m_follow ? m_follow->follow(event, now) : std::nullopt;
    if (!to) return;
    core::Vec3 target{now.x, now.y, snapHeight(to->z)};
    if (!m_follow->vertical()) {
        const QPointF p = host().snapPoint({to->x, to->y});
        target = {p.x(), p.y(), host().draggedHeight(p, ObjectKind::Rail, now.z)};
    }
    if (target == now) return;
    // A point dropped a hair from its neighbour (neither on it nor 1e-6 away) is refused, as the loader would.
    const std::string why = m_grip->moveTo(target);
    if (!why.empty()) host().showStatus(QString::fromStdString(why));
}

std::optional<JoinTarget> SelectTool::joinTarget(QPointF screen)
{
    if (!m_joinFinder) m_joinFinder = host().joinFinder();
    const std::vector<JoinCandidate> candidates = m_joinFinder->near(screen);
    return chooseJoin(
        host().level(), m_rail, candidates, host().layers(),
        [&](double s) {
            return host().snap({s, 0.0}).x();
        },
        host().document().railGeometryOf());
}

void SelectTool::hover(const ToolEvent &event)
{
    const bool over = host().junctionAt(event.screen).has_value();
    if (over == m_overJunction) return;
    m_overJunction = over;
    host().hintChanged();
}

void SelectTool::secondaryPress(const ToolEvent &event)
{
    // A right click on a junction deletes it (its rails stay where they are).
    if (auto junction = host().junctionAt(event.screen)) {
        document::deleteJunction(host().document(), *junction);
        return;
    }
    CanvasTool::secondaryPress(event);
}

void SelectTool::release(const ToolEvent &event)
{
    m_currentScreen = event.screen;
    if (m_mode == Mode::Junction && !m_moved && m_turnOnClick)
        document::cycleJunctionDefault(host().document(), m_junction);
    if (m_mode == Mode::MoveRailPoint && m_join) {
        // The drag and the join are one step: the drag is taken back, and the join moves the end.
        auto at = document::findObject(host().level(), {ObjectKind::Rail, m_rail});
        const bool start = m_railPoint == 0;
        if (at) {
            m_grip->cancel();
            const std::string why = document::joinRailEnd(
                host().document(), m_rail, start ? document::RailEnd::Start : document::RailEnd::End, m_join->rail,
                m_join->s, 1e-9, !(event.modifiers & Qt::AltModifier));
            if (!why.empty()) host().showStatus(QString::fromStdString(why));
        }
        m_join.reset();
    }
    m_grip.reset(); // let go: the drag's steps are one undo step
    m_follow.reset();
    m_joinFinder.reset();
    if (m_mode == Mode::RubberBand) {
        if (m_toggle && !m_moved)
            host().selection().toggle(*m_toggle);
        else
            selectInBand(event.screen);
        host().requestUpdate();
    }
    m_mode = Mode::Idle;
}

void SelectTool::selectInBand(QPointF to)
{
    // The band is on the screen: in 3D what shows inside it, seen through the camera (a point
    // behind the camera is not inside); in the plan the same as a box on the ground.
    const QRectF band = QRectF(m_pressScreen, to).normalized();
    auto inside = [&](core::Vec3 p) {
        const auto at = host().toScreen(p);
        return at && band.contains(*at);
    };
    std::set<ObjectId> picked = m_additive ? host().selection().objects() : std::set<ObjectId>{};
    picked.merge(objectsInBand(host().level(), inside, host().layers(), host().obstacleFloor()));
    host().selection().set(std::move(picked));
}

void SelectTool::doubleClick(const ToolEvent &event)
{
    const auto hit = host().pickAt(event.screen, host().layers(), nullptr);
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
    switch (m_mode) {
    case Mode::MoveRailPoint:
    case Mode::MoveRailHandle:
    case Mode::MoveSelection:
    case Mode::Junction:
        // Escape mid-drag: what was dragged goes back to where it was grabbed, nothing to redo.
        if (m_grip) m_grip->cancel();
        document::takeBackSince(host().document(), m_undoIndex);
        break;
    case Mode::RubberBand: break;
    case Mode::Idle: return false;
    }
    m_grip.reset();
    m_follow.reset();
    m_joinFinder.reset();
    m_join.reset();
    m_toggle.reset();
    m_mode = Mode::Idle;
    host().requestUpdate();
    return true;
}

CanvasTool::Draft SelectTool::draft() const
{
    Draft draft;
    if (m_mode == Mode::MoveRailPoint && m_join) draft.ring = m_join->point;
    if (m_mode == Mode::RubberBand && m_moved) draft.band = QRectF(m_pressScreen, m_currentScreen).normalized();
    return draft;
}

void SelectTool::paintOverlay(QPainter &painter) const
{
    const Draft shown = draft();
    if (shown.ring) {
        // Where the end joins: a ring on the other rail.
        const auto c = host().toScreen(*shown.ring);
        if (!c) return;
        painter.setPen(QPen(palette::junction, 2.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(*c, 10.0, 10.0);
        return;
    }
    if (m_mode != Mode::RubberBand) return;
    painter.setPen(QPen(palette::rubberBand, 1.0, Qt::DashLine));
    painter.setBrush(palette::rubberBandFill);
    painter.drawRect(QRectF(m_pressScreen, m_currentScreen).normalized());
}

QString SelectTool::hint() const
{
    if (m_overJunction)
        return QObject::tr("Junction: click to select it, click it again to turn its default way; drag to move "
                           "it with its linked ends; Shift+click adds it to the selection; right-click deletes it");
    return {};
}

} // namespace railforge::app
