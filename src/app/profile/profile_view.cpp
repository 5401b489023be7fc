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
constexpr int kEditInterval = 50; // ms between recomputations while the level is being edited

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
    // A recomputation on the UI thread every few frames of a drag made those frames the slowest.
    connect(&m_editTimer, &QTimer::timeout, this, [this] { recompute(true); });
    connect(this, &QQuickItem::widthChanged, this, [this] { update(); });
    connect(this, &QQuickItem::heightChanged, this, [this] { update(); });
}

ProfileView::~ProfileView() = default;

void ProfileView::setController(EditorController *controller)
{
    if (controller == m_controller) return;
    if (m_controller) disconnect(m_controller, nullptr, this, nullptr);
    m_controller = controller;
    if (m_controller) {
        connect(m_controller->document(), &document::LevelDocument::levelChanged, this, [this](const auto &change) {
            // The profile draws no object's colour. A drag in the profile itself shows at once; edits
            // elsewhere catch up within a few frames.
            if (change.onlyParts(document::kLookPart)) return;
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
        connect(m_controller->ground(), &GroundModel::groundChanged, this, [this] { recompute(); });
        connect(m_controller->cursor(), &RailCursor::changed, this, [this] { update(); });
    }
    emit controllerChanged();
    recompute();
}

void ProfileView::recompute(bool offThread)
{
    m_editTimer.stop();
    if (!m_controller) return;
    m_syncAllowed = !offThread;
    m_job.request();
}

std::optional<QFuture<ProfileData>> ProfileView::computeProfile()
{
    if (!m_controller) return std::nullopt;
    const document::Level &level = m_controller->document()->level();
    m_state.metresPerUnit = document::metresPerUnit(level.info.units).value_or(1.0);
    m_frame.units = QString::fromStdString(level.info.units);
    const QString key = m_controller->profileKey();
    const auto id = Selection::fromKey(key);
    if (!id) {
        accept({});
        return std::nullopt;
    }
    if (id->kind == document::ObjectKind::Rail) {
        const int index = document::findRail(level, id->id);
        if (index < 0) {
            accept({});
            return std::nullopt;
        }
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
        if (segments > kSyncSegments || !m_syncAllowed) return QtConcurrent::run(std::move(compute));
        accept(compute());
        return std::nullopt;
    }
    const document::PatrolRoute *route = m_controller->patrolPreview()->route(id->id);
    if (!route || route->smoothed.empty()) {
        ProfileData none;
        none.key = key; // routed soon: keep the key, draw the hint
        accept(std::move(none));
        return std::nullopt;
    }
    ProfileData data = pathProfileData(key, route->smoothed, route->visits, route->visitIndex, level);
    addGround(data, *m_controller->ground()->ground());
    accept(std::move(data));
    return std::nullopt;
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
    m_job.wait();
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

} // namespace railforge::app
