#include "app/profile/profile_view.h"

#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/length_units.h"
#include "document/model/rail_geometry.h"

#include <QPainter>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {

// Rails with more segments than this are computed off the UI thread (a few milliseconds at most
// below it: bench_profile).
constexpr std::size_t kSyncSegments = 512;
// Drags of the profile merge among themselves only (the canvas counts its own keys from 1).
constexpr int kFirstMergeKey = 1 << 24;
constexpr double kPickRadius = 8.0; // px
constexpr int kEditInterval = 50;   // ms between recomputations while the level is being edited

} // namespace

ProfileView::ProfileView(QQuickItem *parent) : QQuickPaintedItem(parent)
{
    setAcceptedMouseButtons(Qt::LeftButton | Qt::MiddleButton | Qt::RightButton);
    setAcceptHoverEvents(true);
    setAntialiasing(true);
    m_state.speed = 10.0;
    m_mergeKey = kFirstMergeKey;
    m_editTimer.setSingleShot(true);
    m_editTimer.setInterval(kEditInterval);
    connect(&m_editTimer, &QTimer::timeout, this, &ProfileView::recompute);
    connect(&m_watcher, &QFutureWatcher<ProfileData>::finished, this, [this] {
        m_busy = false;
        accept(m_watcher.result());
        emit busyChanged();
        if (m_pending) recompute();
    });
    connect(this, &QQuickItem::widthChanged, this, [this] { update(); });
    connect(this, &QQuickItem::heightChanged, this, [this] { update(); });
}

ProfileView::~ProfileView() { m_watcher.waitForFinished(); }

void ProfileView::setController(EditorController *controller)
{
    if (controller == m_controller) return;
    if (m_controller) disconnect(m_controller, nullptr, this, nullptr);
    m_controller = controller;
    if (m_controller) {
        connect(m_controller->document(), &document::LevelDocument::levelChanged, this, [this] {
            // The profile draws no object's colour. A drag in the profile itself shows at once; edits
            // elsewhere catch up within a few frames.
            if (m_controller->document()->lastChange().onlyParts(document::kLookPart)) return;
            if (m_drag >= 0) return recompute();
            if (!m_editTimer.isActive()) m_editTimer.start();
        });
        connect(m_controller, &EditorController::profileKeyChanged, this, [this] {
            m_state.sScale = 0.0; // another object: its whole length
            recompute();
        });
        connect(m_controller->patrolPreview(), &PatrolPreview::routesChanged, this, [this] {
            if (m_controller->profileKey().startsWith(QLatin1String("patrol:"))) recompute();
        });
        connect(m_controller->selection(), &Selection::changed, this, [this] { update(); });
        connect(m_controller->ground(), &GroundModel::groundChanged, this, &ProfileView::recompute);
        connect(m_controller->cursor(), &RailCursor::changed, this, [this] { update(); });
    }
    emit controllerChanged();
    recompute();
}

void ProfileView::recompute()
{
    m_editTimer.stop();
    if (!m_controller) return;
    if (m_busy) {
        m_pending = true;
        return;
    }
    m_pending = false;
    const document::Level &level = m_controller->document()->level();
    m_state.metresPerUnit = document::metresPerUnit(level.info.units).value_or(1.0);
    m_frame.units = QString::fromStdString(level.info.units);
    const QString key = m_controller->profileKey();
    const auto id = Selection::fromKey(key);
    if (!id) {
        accept({});
        return;
    }
    if (id->kind == document::ObjectKind::Rail) {
        const int index = document::findRail(level, id->id);
        if (index < 0) return accept({});
        document::Rail rail = level.rails[std::size_t(index)];
        const std::size_t segments = rail.closed ? rail.points.size() : rail.points.size() - 1;
        const std::shared_ptr<const core::GroundSet> ground = m_controller->ground()->ground();
        // The document's geometry of the rail: built once whichever views ask, and never changed
        // once built, so the worker may read it while the level moves on.
        auto compute = [rail = std::move(rail), geometry = m_controller->document()->railGeometry(std::size_t(index)),
                        ground] {
            ProfileData data = railProfileData(rail, *geometry);
            addGround(data, *ground);
            return data;
        };
        if (segments <= kSyncSegments) return accept(compute());
        m_busy = true;
        emit busyChanged();
        m_watcher.setFuture(QtConcurrent::run(std::move(compute)));
        return;
    }
    const document::PatrolRoute *route = m_controller->patrolPreview()->route(id->id);
    if (!route || route->smoothed.empty()) {
        ProfileData none;
        none.key = key; // routed soon: keep the key, draw the hint
        return accept(std::move(none));
    }
    ProfileData data = pathProfileData(key, route->smoothed, route->visits, route->visitIndex, level);
    addGround(data, *m_controller->ground()->ground());
    accept(std::move(data));
}

void ProfileView::accept(ProfileData data)
{
    const bool sameKey = data.key == m_data.key;
    m_data = std::move(data);
    // A key being dragged keeps its lane's scale, so the value under the mouse stays the value set.
    if (!m_keyDrag.empty())
        for (ChannelLane &lane : m_data.channels)
            if (lane.name == m_keyDrag) lane.low = m_dragLow, lane.high = m_dragHigh;
    if (!sameKey) m_state.sScale = 0.0;
    publishOverLimit();
    emit dataChanged();
    update();
}

void ProfileView::publishOverLimit()
{
    m_state.ride.reset();
    if (m_physics && m_data.rail && m_controller) {
        const document::Level &level = m_controller->document()->level();
        const auto id = Selection::fromKey(m_data.key);
        const int index = id ? document::findRail(level, id->id) : -1;
        if (index >= 0 && level.rails[std::size_t(index)].points.size() >= 2) {
            document::RideSettings settings = m_ride;
            settings.metresPerUnit = m_state.metresPerUnit;
            // Rows as fine as the profile's own (the simulation steps at 5 cm whatever this is).
            settings.spacing =
                m_data.rows.size() > 1 ? std::max(m_data.length / double(m_data.rows.size()), 1e-3) : 1.0;
            // Over the document's geometry of the rail (its channels from the level: the geometry keeps
            // only a shape): no second arc-length table for the ride.
            const auto geometry = m_controller->document()->railGeometry(std::size_t(index));
            m_state.ride = document::simulateRail(level.rails[std::size_t(index)], geometry->table(),
                                                  geometry->frames(), settings);
        }
    }
    m_state.forces = forcesAlong(m_data, m_state);
    emit rideChanged();
    if (!m_controller) return;
    m_frame.overLimit = overLimitStretches(m_data, m_state.forces, m_state.limits);
    m_controller->cursor()->setOverLimit(m_data.key, m_frame.overLimit);
}

void ProfileView::settingChanged()
{
    publishOverLimit();
    emit settingsChanged();
    update();
}

void ProfileView::setExaggeration(double value)
{
    if (!(value >= 0.0) || value == m_state.exaggeration) return;
    m_state.exaggeration = value;
    settingChanged();
}
void ProfileView::setSpeed(double value)
{
    if (!(value >= 0.0) || !std::isfinite(value) || value == m_state.speed) return;
    m_state.speed = value;
    settingChanged();
}
void ProfileView::setGentlePitch(double value)
{
    if (!(value >= 0.0 && value <= 90.0) || value == m_frame.bands.gentle) return;
    m_frame.bands.gentle = value;
    settingChanged();
}
void ProfileView::setSteepPitch(double value)
{
    if (!(value >= 0.0 && value <= 90.0) || value == m_frame.bands.steep) return;
    m_frame.bands.steep = value;
    settingChanged();
}
void ProfileView::setLateralLimit(double value)
{
    if (!(value > 0.0) || !std::isfinite(value) || value == m_state.limits.lateral) return;
    m_state.limits.lateral = value;
    settingChanged();
}
void ProfileView::setVerticalMin(double value)
{
    if (!std::isfinite(value) || value == m_state.limits.verticalMin) return;
    m_state.limits.verticalMin = value;
    settingChanged();
}
void ProfileView::setVerticalMax(double value)
{
    if (!std::isfinite(value) || value == m_state.limits.verticalMax) return;
    m_state.limits.verticalMax = value;
    settingChanged();
}

void ProfileView::setPhysics(bool on)
{
    if (on == m_physics) return;
    m_physics = on;
    settingChanged();
}
void ProfileView::setRideV0(double value)
{
    if (!(value >= 0.0 && value <= 1000.0) || value == m_ride.v0) return;
    m_ride.v0 = value;
    settingChanged();
}
void ProfileView::setRideFriction(double value)
{
    if (!(value >= 0.0 && value <= 10.0) || value == m_ride.friction) return;
    m_ride.friction = value;
    settingChanged();
}
void ProfileView::setRideDrag(double value)
{
    if (!(value >= 0.0 && value <= 10.0) || value == m_ride.drag) return;
    m_ride.drag = value;
    settingChanged();
}

QString ProfileView::stallText() const
{
    return m_state.ride ? QString::fromStdString(document::stallText(*m_state.ride)) : QString();
}

ProfileLayout ProfileView::layout() const { return ProfileLayout(size(), m_data, m_state); }

QPointF ProfileView::pointPosition(int index) const
{
    const ProfileLayout l = layout();
    for (const ProfileMarker &m : m_data.markers)
        if ((m.kind == ProfileMarker::Kind::Point || m.kind == ProfileMarker::Kind::Stop) && int(m.point) == index)
            return {l.xOf(m.s), l.yOfZ(m.z)};
    return {-1, -1};
}

QPointF ProfileView::tiltPosition(int index) const
{
    const ProfileLayout l = layout();
    for (const ProfileMarker &m : m_data.markers)
        if (m.kind == ProfileMarker::Kind::Point && int(m.point) == index && m_data.rail)
            return {l.xOf(m.s), l.yOfTilt(m.tilt)};
    return {-1, -1};
}

QPointF ProfileView::handlePosition(int index, bool out) const
{
    const ProfileLayout l = layout();
    const auto kind = out ? ProfileMarker::Kind::HandleOut : ProfileMarker::Kind::HandleIn;
    for (const ProfileMarker &m : m_data.markers)
        if (m.kind == kind && int(m.point) == index) return {l.xOf(m.s), l.yOfZ(m.z)};
    return {-1, -1};
}

double ProfileView::xOfS(double s) const { return layout().xOf(s); }
double ProfileView::sOfX(double x) const { return layout().sOf(x); }

void ProfileView::fitLength()
{
    m_state.sScale = 0.0;
    update();
}

void ProfileView::waitForData()
{
    if (m_editTimer.isActive()) recompute();
    while (m_busy || m_pending) {
        m_watcher.waitForFinished();
        QCoreApplication::processEvents();
    }
}

void ProfileView::paint(QPainter *painter)
{
    if (m_data.rows.size() < 2) {
        QString hint = tr("Select a rail or a patrol to see its profile: heights along its length, tilt and forces");
        if (!m_data.key.isEmpty()) hint = tr("%1 has no path yet").arg(m_data.key);
        paintProfilePlaceholder(*painter, size(), hint);
        return;
    }
    ProfileFrame frame = m_frame;
    const Selection *selection = m_controller ? m_controller->selection() : nullptr;
    frame.activePoint =
        selection && Selection::keyOf(selection->railPointRail()) == m_data.key ? selection->railPoint() : -1;
    frame.hotMarker = m_drag;
    const RailCursor *cursor = m_controller ? m_controller->cursor() : nullptr;
    if (cursor && cursor->key() == m_data.key) frame.cursorS = cursor->s();
    if (selection && Selection::keyOf(selection->channelRail()) == m_data.key) {
        frame.lanes.activeChannel = selection->channel().toStdString();
        frame.lanes.activeKey = selection->channelKey();
    }
    frame.lanes.hotChannel = m_keyDrag.empty() ? m_hot.hotChannel : m_keyDrag;
    frame.lanes.hotKey = m_keyDrag.empty() ? m_hot.hotKey : m_keyDragIndex;
    paintProfile(*painter, size(), layout(), m_data, m_state, frame);
}

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
        document::setRailPointTilt(document, id->id, m.point, tilt, m_mergeKey);
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
    if (m.kind == ProfileMarker::Kind::Point) {
        if (p.z != z) document::moveRailPoint(document, id->id, m.point, {p.x, p.y, z}, m_mergeKey);
        return;
    }
    const bool out = m.kind == ProfileMarker::Kind::HandleOut;
    const core::PointHandles h = document::shownHandles(rail, m.point);
    Vec3 offset = out ? h.out : h.in;
    offset.z = z - p.z;
    document::moveRailHandle(document, id->id, m.point, out ? document::HandleSide::Out : document::HandleSide::In,
                             offset, false, m_mergeKey);
}

} // namespace railforge::app
