#include "app/view3d/ride_session.h"

#include "core/polyline.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_speed.h"

#include <QVariantList>

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {

QVariantList list(core::Vec3 v) { return {v.x, v.y, v.z}; }

} // namespace

RideSession::RideSession(QObject *parent) : QObject(parent)
{
    m_timer.setInterval(16);
    connect(&m_timer, &QTimer::timeout, this, &RideSession::tick);
}

void RideSession::setScene(LevelScene3D *scene)
{
    if (m_scene == scene) return;
    if (m_scene) disconnect(m_scene, nullptr, this, nullptr);
    m_scene = scene;
    if (m_scene)
        connect(m_scene, &LevelScene3D::railsRebuilt, this, [this] {
            m_network.reset(); // the rails changed: the network is built again when ridden
            // The ridden rail was edited or deleted: follow the edit, or get off (a patrol's ride
            // follows its route instead).
            if (!active() || !m_patrolRows.empty()) return;
            if (!m_scene->railSamples(m_key))
                stop();
            else
                apply();
        });
    emit sceneChanged();
}

void RideSession::setCamera(ViewCamera3D *camera)
{
    if (m_camera == camera) return;
    m_camera = camera;
    emit sceneChanged();
}

double RideSession::length() const
{
    if (!m_patrolRows.empty()) return m_patrolRows.back().s;
    const RailSamples *rail = m_scene ? m_scene->railSamples(m_key) : nullptr;
    return rail ? rail->length : 0.0;
}

bool RideSession::closed() const
{
    if (!m_patrolRows.empty()) return m_patrolLoops;
    const RailSamples *rail = m_scene ? m_scene->railSamples(m_key) : nullptr;
    return rail && rail->table().closed;
}

bool RideSession::loadPatrol(const QString &key)
{
    EditorController *editor = m_scene ? m_scene->controller() : nullptr;
    const auto *route = editor ? editor->patrolPreview()->route(key.mid(7).toStdString()) : nullptr;
    if (!route || route->smoothed.size() < 2) return false;
    std::vector<core::Vec3> path;
    for (const auto &p : route->smoothed) path.push_back({p.x, p.y, p.z});
    m_patrolRows = core::polylineRows(path, false);
    m_patrolUps = core::polylineUps(m_patrolRows, route->loops);
    m_patrolLoops = route->loops;
    return true;
}

bool RideSession::start(const QString &key, double s)
{
    if (!m_scene) return false;
    disconnect(m_routes);
    if (key.startsWith(QLatin1String("patrol:"))) {
        if (!loadPatrol(key)) return false;
        // A ridden patrol follows its path as the preview recomputes it (or ends when it has none).
        m_routes = connect(m_scene->controller()->patrolPreview(), &PatrolPreview::routesChanged, this, [this] {
            if (!loadPatrol(m_key))
                stop();
            else
                apply();
        });
    } else {
        if (!m_scene->railSamples(key)) return false;
        m_patrolRows.clear();
        m_patrolUps.clear();
    }
    m_key = key;
    m_forward = true;
    m_carried.reset();
    m_s = std::clamp(s, 0.0, length());
    apply();
    return true;
}

void RideSession::stop()
{
    if (!active()) return;
    m_timer.stop();
    disconnect(m_routes);
    m_key.clear();
    m_patrolRows.clear();
    m_patrolUps.clear();
    if (m_camera) m_camera->stopRiding();
    if (m_scene && m_scene->controller()) m_scene->controller()->cursor()->clear();
    emit changed();
}

void RideSession::setPlaying(bool playing)
{
    if (playing == this->playing() || (playing && !active())) return;
    if (playing) {
        // Play at the end of an open rail starts over.
        if (!closed() && m_s >= length() && currentSpeed() > 0 && m_forward) m_s = 0;
        m_clock.start();
        m_timer.start();
    } else {
        m_timer.stop();
    }
    emit changed();
}

void RideSession::setS(double s)
{
    if (!active() || !std::isfinite(s)) return;
    m_s = std::clamp(s, 0.0, length());
    apply();
}

void RideSession::setSpeed(double speed)
{
    if (!std::isfinite(speed) || speed == m_speed) return;
    m_speed = std::clamp(speed, -1e4, 1e4);
    emit settingsChanged();
}

void RideSession::setEyeHeight(double height)
{
    if (!std::isfinite(height) || height == m_eyeHeight) return;
    m_eyeHeight = std::clamp(height, -1e4, 1e4);
    emit settingsChanged();
    if (active()) apply();
}

namespace {

// The rail's speed channel (docs/design.md "Data along rails"), or null.
const document::RailChannel *speedChannel(const document::Rail *rail)
{
    return rail ? document::roleChannel(rail->channels, core::ChannelRole::Speed) : nullptr;
}

} // namespace

bool RideSession::speedFromChannel() const
{
    return m_patrolRows.empty() && m_scene && speedChannel(m_scene->rail(m_key));
}

double RideSession::currentSpeed() const
{
    const document::RailChannel *channel =
        m_patrolRows.empty() && m_scene ? speedChannel(m_scene->rail(m_key)) : nullptr;
    const RailSamples *samples = m_scene ? m_scene->railSamples(m_key) : nullptr;
    // A rail without a channel: the speed the rider brought onto it, else the typed one.
    const double brought = m_carried.value_or(m_speed);
    if (!channel || !samples) return brought;
    // The same reading as ▶ Play's (rail_speed.h): a key of 0 crawls, a bad number keeps the speed brought.
    const auto speed = document::RailSpeed::of(*m_scene->rail(m_key), samples->table());
    return speed ? speed->moving(m_s, brought) : brought;
}

bool RideSession::advanceOnNetwork(double distance)
{
    EditorController *editor = m_scene ? m_scene->controller() : nullptr;
    if (!editor || !m_patrolRows.empty() || distance < 0.0) return false;
    const document::Level &level = editor->document()->level();
    if (level.junctions.empty()) return false;
    const int rail = document::findRail(level, m_key.mid(5).toStdString());
    if (rail < 0) return false;
    // Built again when the rails were rebuilt (the scene says so) or a junction changed.
    if (!m_network || m_network->rails.size() != level.rails.size() || m_networkJunctions != level.junctions) {
        m_network = document::buildLevelNetwork(level, editor->document()->railGeometryOf());
        m_networkJunctions = level.junctions;
    }
    const core::NetworkStep step =
        core::networkAdvance(m_network->rails, m_network->junctions, {std::size_t(rail), m_s, m_forward}, distance);
    // Onto another rail: the rider takes the speed it had here with it.
    if (step.rider.rail != std::size_t(rail)) m_carried = currentSpeed();
    m_key = QStringLiteral("rail:") + QString::fromStdString(level.rails[step.rider.rail].id);
    m_s = step.rider.s;
    m_forward = step.rider.forward;
    apply();
    // An open end stops the ride there.
    if ((step.stopped || step.capped) && playing()) setPlaying(false);
    return true;
}

void RideSession::advance(double seconds)
{
    if (!active()) return;
    if (advanceOnNetwork(currentSpeed() * seconds)) return;
    // Over a frame the speed is taken where the rider is at its start (frames are short).
    m_s = core::rideAdvance(m_s, length(), closed(), currentSpeed(), seconds);
    apply();
    // An open rail's end stops the ride there.
    if (!closed() && (m_s >= length() || m_s <= 0) && playing() && seconds > 0) setPlaying(false);
}

void RideSession::tick()
{
    const double seconds = std::min(0.1, m_clock.restart() / 1000.0); // a stalled frame does not jump
    advance(seconds);
}

core::RidePose RideSession::currentPose() const
{
    if (!m_patrolRows.empty()) return core::ridePoseOnRows(m_patrolRows, m_patrolUps, m_s, m_eyeHeight);
    const RailSamples *rail = m_scene ? m_scene->railSamples(m_key) : nullptr;
    if (!rail) return {};
    core::RidePose pose = core::ridePoseAt(rail->table(), rail->frames(), m_s, m_eyeHeight);
    if (!m_forward) pose.forward = pose.forward * -1.0; // looking the way it rides
    return pose;
}

QVariantMap RideSession::pose() const
{
    const core::RidePose p = currentPose();
    return {{"s", p.s}, {"position", list(p.position)}, {"forward", list(p.forward)}, {"up", list(p.up)}};
}

void RideSession::apply()
{
    const core::RidePose p = currentPose();
    m_s = p.s;
    if (m_camera) m_camera->setRidePose(p.position, p.forward, p.up);
    if (m_scene && m_scene->controller()) m_scene->controller()->cursor()->place(m_key, m_s, QStringLiteral("ride"));
    emit changed();
}

} // namespace railforge::app
