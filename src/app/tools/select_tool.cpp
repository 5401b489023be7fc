#include "app/tools/select_tool.h"

#include "app/drawing/canvas_palette.h"
#include "app/editor/band_selection.h"
#include "app/plan/canvas_hit_test.h"
#include "app/plan/junction_marks.h"
#include "document/editing/junction_editing.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"

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
            &makePlanTool<SelectTool>};
}

using document::ObjectId;
using document::ObjectKind;

namespace {

constexpr double kClick = 3.0; // px the mouse may wander in a click

bool railsPickable(const ToolHost &host) { return !host.layers() || host.layers()->pickable(ObjectKind::Rail); }

// Junctions are drawn with their rails: they answer the mouse when both kinds do.
bool junctionsPickable(const ToolHost &host)
{
    return railsPickable(host) && (!host.layers() || host.layers()->pickable(ObjectKind::Junction));
}

} // namespace

void SelectTool::press(const ToolEvent &event)
{
    m_pressWorld = event.world;
    m_pressScreen = m_currentScreen = event.screen;
    m_applied = {};
    m_additive = event.modifiers.testFlag(Qt::ShiftModifier);
    m_moved = false;
    m_join.reset();
    if (junctionsPickable(host())) {
        if (auto junction = junctionAt(junctionMarks(host().level(), plan().rails()), plan().view(), event.screen)) {
            const document::ObjectId id{ObjectKind::Junction, *junction};
            if (m_additive) {
                host().selection().toggle(id);
                m_mode = Mode::Idle;
                return;
            }
            // A click on the one selected junction turns its default way; on another, selects it.
            m_turnOnClick = host().selection().count() == 1 && host().selection().contains(id);
            if (!m_turnOnClick) host().selection().set({id});
            m_mode = Mode::Junction;
            m_junction = *junction;
            m_mergeKey = host().nextMergeKey();
            return;
        }
    }
    const auto hit =
        hitTest(host().level(), plan().rails(), plan().view(), event.screen, host().layers(), &host().selection());
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
        m_joinIndex.reset();
        return;
    }
    if (!host().selection().contains(hit->object)) host().selection().set({hit->object});
    m_mode = Mode::MoveSelection;
    m_mergeKey = host().nextMergeKey();
}

void SelectTool::drag(const ToolEvent &event)
{
    m_currentScreen = event.screen;
    if (QLineF(m_pressScreen, event.screen).length() > kClick) m_moved = true;
    switch (m_mode) {
    case Mode::Junction:
        if (m_moved)
            document::moveJunction(host().document(), m_junction, {event.world.x(), event.world.y(), 0}, m_mergeKey);
        break;
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
    const QPointF p = host().snapPoint(event.world);
    const double z = host().placedHeight(p, ObjectKind::Rail, rail.points[m_railPoint].z);
    // A point dropped a hair from its neighbour (neither on it nor 1e-6 away) is refused, as the loader would.
    const std::string why = m_grip->moveTo({p.x(), p.y(), z});
    if (!why.empty()) host().showStatus(QString::fromStdString(why));
}

std::optional<JoinTarget> SelectTool::joinTarget(QPointF screen)
{
    const document::Level &level = host().level();
    const RailShapes &shapes = plan().rails();
    const QPointF world = plan().view().toWorld(screen);
    const double scale = plan().view().scale;
    if (!m_joinIndex) m_joinIndex = shapes.planIndex();
    std::vector<JoinCandidate> candidates;
    for (const core::RailHit &hit : m_joinIndex->allWithin({world.x(), world.y(), 0}, kJoinPixels / scale)) {
        const std::size_t r = std::size_t(hit.rail);
        if (r >= shapes.size()) continue;
        const core::ArcLengthTable &table = shapes.table(r);
        const double s = core::arcLengthAt(table, {hit.segment, hit.u});
        // Seen from above, a place shows as far from the rail's ends as it is along it.
        candidates.push_back({r, s, hit.distance * scale, s * scale, (core::totalLength(table) - s) * scale});
    }
    return chooseJoin(
        level, m_rail, candidates, host().layers(),
        [&](double s) {
            return host().snap({s, 0.0}).x();
        },
        [&](std::size_t r) { return shapes.geometry[r]; });
}

void SelectTool::hover(const ToolEvent &event)
{
    const bool over =
        junctionsPickable(host()) &&
        junctionAt(junctionMarks(host().level(), plan().rails()), plan().view(), event.screen).has_value();
    if (over == m_overJunction) return;
    m_overJunction = over;
    host().hintChanged();
}

void SelectTool::secondaryPress(const ToolEvent &event)
{
    // A right click on a junction deletes it (its rails stay where they are).
    if (junctionsPickable(host()))
        if (auto junction = junctionAt(junctionMarks(host().level(), plan().rails()), plan().view(), event.screen)) {
            document::deleteJunction(host().document(), *junction);
            return;
        }
    CanvasTool::secondaryPress(event);
}

void SelectTool::release(const ToolEvent &event)
{
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
    if (m_mode == Mode::RubberBand) {
        const QRectF band =
            QRectF(plan().view().toWorld(m_pressScreen), plan().view().toWorld(event.screen)).normalized();
        std::set<ObjectId> picked = m_additive ? host().selection().objects() : std::set<ObjectId>{};
        picked.merge(objectsInBand(
            host().level(), [&](core::Vec3 p) { return band.contains(QPointF(p.x, p.y)); }, host().layers()));
        host().selection().set(std::move(picked));
        host().requestUpdate();
    }
    m_mode = Mode::Idle;
}

void SelectTool::doubleClick(const ToolEvent &event)
{
    const auto hit = hitTest(host().level(), plan().rails(), plan().view(), event.screen, host().layers());
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
    if (m_grip) {
        // Escape mid-drag: the point or handle goes back to where it was grabbed, nothing to redo.
        m_grip->cancel();
        m_grip.reset();
        m_join.reset();
        m_mode = Mode::Idle;
        host().requestUpdate();
        return true;
    }
    if (m_mode != Mode::RubberBand) return false;
    m_mode = Mode::Idle;
    host().requestUpdate();
    return true;
}

void SelectTool::paintOverlay(QPainter &painter) const
{
    if (m_mode == Mode::MoveRailPoint && m_join) {
        // Where the end joins: a ring on the other rail.
        const QPointF c = plan().view().toScreen({m_join->point.x, m_join->point.y});
        painter.setPen(QPen(palette::junction, 2.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(c, 10.0, 10.0);
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
