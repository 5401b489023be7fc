// ProfileView's input (a file of its own: the view's file is long enough): a press on a point, a
// handle or a tilt marker drags it, elsewhere it places the cursor; the lanes take their own keys
// (profile_view_lanes.cpp); the wheel zooms along the rail.
#include "app/profile/profile_view.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/rail_geometry.h"

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {

constexpr double kPickRadius = 8.0; // px

} // namespace

int ProfileView::markerAt(QPointF at) const
{
    const ProfileLayout l = layout();
    int best = -1;
    double bestDistance = kPickRadius;
    const int active =
        m_controller && m_controller->selection()->railPoint() >= 0 ? m_controller->selection()->railPoint() : -1;
    for (std::size_t i = 0; i < m_data.markers.size(); ++i) {
        const ProfileMarker &m = m_data.markers[i];
        const bool handle = m.kind == ProfileMarker::Kind::HandleIn || m.kind == ProfileMarker::Kind::HandleOut;
        if (handle && int(m.point) != active) continue; // drawn only for the active point
        const double d = QLineF(at, QPointF(l.xOf(m.s), l.yOfZ(m.z))).length();
        if (l.heights.contains(at) && d < bestDistance) best = int(i), bestDistance = d;
        if (m.kind == ProfileMarker::Kind::Point && m_data.rail && l.tilt.contains(at)) {
            const double dt = QLineF(at, QPointF(l.xOf(m.s), l.yOfTilt(m.tilt))).length();
            if (dt < bestDistance) best = int(i + m_data.markers.size()), bestDistance = dt;
        }
    }
    return best;
}

void ProfileView::mousePressEvent(QMouseEvent *event)
{
    forceActiveFocus(Qt::MouseFocusReason);
    m_pressAt = event->position();
    m_moved = false;
    m_laneClick = -1;
    const LaneHit hit = laneAt(event->position());
    if (event->button() == Qt::RightButton) {
        if (hit.key >= 0) deleteLaneKey(m_data.channels[std::size_t(hit.lane)].name, hit.key);
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && hit.key >= 0) {
        const ChannelLane &lane = m_data.channels[std::size_t(hit.lane)];
        m_keyDrag = lane.name;
        m_keyDragIndex = hit.key;
        m_dragLow = lane.low, m_dragHigh = lane.high;
        ++m_mergeKey;
        if (m_controller)
            m_controller->selection()->setChannelKey(*Selection::fromKey(m_data.key), QString::fromStdString(lane.name),
                                                     hit.key);
        update();
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton && hit.lane >= 0) m_laneClick = hit.lane;
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && markerAt(event->position()) < 0)) {
        m_panning = true;
        m_panLast = event->position();
        event->accept();
        return;
    }
    m_drag = markerAt(event->position());
    ++m_mergeKey;
    const ProfileMarker &m = m_data.markers[std::size_t(m_drag) % m_data.markers.size()];
    if (m_data.rail && m_controller) {
        const auto id = Selection::fromKey(m_data.key);
        m_controller->selection()->setRailPoint(*id, int(m.point));
        const bool tilt = std::size_t(m_drag) >= m_data.markers.size(); // the tilt lane's copy of the marker
        const document::Grip grip = tilt                                       ? document::Grip::Tilt
                                    : m.kind == ProfileMarker::Kind::HandleIn  ? document::Grip::BezierIn
                                    : m.kind == ProfileMarker::Kind::HandleOut ? document::Grip::BezierOut
                                                                               : document::Grip::Point;
        m_grip.emplace(*m_controller->document(), document::PointHandle{id->id, m.point, grip}, m_mergeKey);
    }
    update();
    event->accept();
}

void ProfileView::mouseMoveEvent(QMouseEvent *event)
{
    placeCursor(event->position());
    if (QLineF(event->position(), m_pressAt).length() > 3.0) m_moved = true;
    if (!m_keyDrag.empty()) {
        if (m_moved) dragLaneKey(event->position(), event->modifiers() & Qt::ShiftModifier);
        return;
    }
    if (m_panning) {
        const ProfileLayout l = layout();
        m_state.sScale = l.sScale;
        m_state.sStart = l.sStart - (event->position().x() - m_panLast.x()) / l.sScale;
        m_panLast = event->position();
        update();
        return;
    }
    if (m_drag >= 0) dragTo(event->position());
}

void ProfileView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_laneClick >= 0 && !m_moved && event->button() == Qt::LeftButton) addLaneKey(m_laneClick, event->position());
    m_laneClick = -1;
    if (!m_keyDrag.empty()) {
        m_keyDrag.clear();
        m_keyDragIndex = -1;
        recompute(); // the lane takes its own range again
    }
    m_panning = false;
    m_drag = -1;
    m_grip.reset();
    update();
}

void ProfileView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (markerAt(event->position()) < 0 && laneAt(event->position()).lane < 0) fitLength();
    event->accept();
}

void ProfileView::wheelEvent(QWheelEvent *event)
{
    const ProfileLayout l = layout();
    const double factor = std::pow(1.0015, event->angleDelta().y());
    const double s = l.sOf(event->position().x());
    const double fitted = fittedSScale(width(), m_data.length);
    m_state.sScale = std::clamp(l.sScale * factor, fitted, fitted * 1e5);
    m_state.sStart = s - (event->position().x() - l.heights.left()) / m_state.sScale;
    update();
    event->accept();
}

void ProfileView::hoverMoveEvent(QHoverEvent *event)
{
    placeCursor(event->position());
    const LaneHit hit = laneAt(event->position());
    LaneHighlight hot;
    if (hit.key >= 0) hot.hotChannel = m_data.channels[std::size_t(hit.lane)].name, hot.hotKey = hit.key;
    if (hot.hotChannel != m_hot.hotChannel || hot.hotKey != m_hot.hotKey) {
        m_hot = hot;
        update();
    }
}

void ProfileView::hoverLeaveEvent(QHoverEvent *)
{
    if (m_controller && m_controller->cursor()->source() == QLatin1String("profile")) m_controller->cursor()->clear();
}

void ProfileView::placeCursor(QPointF at)
{
    if (!m_controller || m_data.rows.size() < 2) return;
    const ProfileLayout l = layout();
    const double s = l.sOf(at.x());
    if (at.x() < l.heights.left() || at.x() > l.heights.right() || s < 0.0 || s > m_data.length) {
        if (m_controller->cursor()->source() == QLatin1String("profile")) m_controller->cursor()->clear();
        return;
    }
    m_controller->cursor()->place(m_data.key, s, QStringLiteral("profile"));
}

void ProfileView::dragTo(QPointF at)
{
    if (!m_controller || m_data.markers.empty()) return;
    const ProfileLayout l = layout();
    const std::size_t count = m_data.markers.size();
    const ProfileMarker m = m_data.markers[std::size_t(m_drag) % count];
    const bool snap = m_controller->snapEnabled();
    const auto id = Selection::fromKey(m_data.key);
    if (!id) return;
    document::LevelDocument &document = *m_controller->document();
    if (std::size_t(m_drag) >= count) {
        double tilt = std::clamp(l.tiltOfY(at.y()), -l.tiltRange, l.tiltRange);
        if (snap) tilt = std::round(tilt);
        if (m_grip) m_grip->tiltTo(tilt);
        return;
    }
    double z = l.zOfY(at.y());
    if (snap) z = std::round(z / m_controller->snapSize()) * m_controller->snapSize();
    const document::Level &level = document.level();
    if (m.kind == ProfileMarker::Kind::Stop) {
        const auto w = std::find_if(level.waypoints.begin(), level.waypoints.end(),
                                    [&](const document::Waypoint &p) { return p.id == m.waypoint; });
        if (w == level.waypoints.end() || w->position.z == z) return;
        document::moveObjects(document, {{document::ObjectKind::Waypoint, m.waypoint}}, {0, 0, z - w->position.z},
                              m_mergeKey);
        return;
    }
    const int index = document::findRail(level, id->id);
    if (index < 0) return;
    const document::Rail &rail = level.rails[std::size_t(index)];
    if (m.point >= rail.points.size()) return;
    const Vec3 p = rail.points[m.point];
    if (!m_grip) return;
    if (m.kind == ProfileMarker::Kind::Point) {
        if (p.z != z) m_grip->moveTo({p.x, p.y, z});
        return;
    }
    // A handle's tip goes to the height under the pointer; seen from above it stays where it is.
    const core::PointHandles h = document::shownHandles(rail, m.point);
    const Vec3 tip = p + (m.kind == ProfileMarker::Kind::HandleOut ? h.out : h.in);
    m_grip->moveTo({tip.x, tip.y, z});
}

} // namespace railforge::app
