#include "app/view3d/view_camera.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace railforge::app {
namespace {

QVector3D toQt(core::Vec3 v) { return QVector3D(float(v.x), float(v.y), float(v.z)); }
core::Vec3 fromQt(QVector3D v) { return {v.x(), v.y(), v.z()}; }

// Pitch just short of straight down or up, where an orbit would spin about its own axis.
constexpr double kMaxOrbitPitch = 89.5;

} // namespace

ViewCamera3D::ViewCamera3D(QObject *parent) : QObject(parent) {}

SceneCamera ViewCamera3D::sceneCamera() const
{
    if (m_riding) return m_ride;
    SceneCamera camera = orbitCamera(m_orbit, kFieldOfView);
    if (m_orthographic) {
        camera.orthographic = true;
        camera.pixelsPerUnit = m_pixelsPerUnit;
    }
    return camera;
}

QVector3D ViewCamera3D::position() const { return toQt(sceneCamera().position); }
QVector3D ViewCamera3D::forward() const { return toQt(sceneCamera().forward); }
QVector3D ViewCamera3D::up() const { return toQt(sceneCamera().up); }
QVector3D ViewCamera3D::target() const { return toQt(m_orbit.target); }

QQuaternion ViewCamera3D::rotation() const
{
    // The renderer's camera looks down its own -z with +y up and +x right.
    const SceneCamera c = sceneCamera();
    return QQuaternion::fromAxes(toQt(c.right()), toQt(c.up), toQt(c.forward * -1.0)).normalized();
}

double ViewCamera3D::pixelsPerUnit() const { return m_pixelsPerUnit; }

double ViewCamera3D::clipNear() const
{
    if (m_riding) return 0.05;
    if (m_orthographic) return 0.1;
    return std::clamp(m_orbit.distance * 1e-3, 0.01, 10.0);
}

double ViewCamera3D::clipFar() const
{
    // Far enough for the floor to reach the horizon (it is 50 scene radii across).
    const double reach = m_riding ? 0.0 : m_orbit.distance;
    return std::max(100.0, reach + 30 * m_sceneRadius);
}

void ViewCamera3D::setViewportWidth(double width)
{
    if (width == m_viewport.width()) return;
    m_viewport.setWidth(width);
    emit viewportChanged();
}

void ViewCamera3D::setViewportHeight(double height)
{
    if (height == m_viewport.height()) return;
    m_viewport.setHeight(height);
    emit viewportChanged();
}

void ViewCamera3D::setSceneRadius(double radius)
{
    if (!(radius > 0) || radius == m_sceneRadius) return;
    m_sceneRadius = radius;
    emit changed();
}

QPointF ViewCamera3D::axis(core::Vec3 direction) const
{
    const SceneCamera c = sceneCamera();
    return {core::dot(direction, c.right()), -core::dot(direction, c.up)};
}

double ViewCamera3D::worldPerPixel() const
{
    if (orthographic()) return 1.0 / m_pixelsPerUnit;
    return 2 * m_orbit.distance * std::tan(kFieldOfView * std::numbers::pi / 360.0) /
           std::max(1.0, m_viewport.height());
}

void ViewCamera3D::orbit(double dx, double dy)
{
    if (m_riding) return;
    m_orthographic = false;
    m_orbit.yawDegrees = std::remainder(m_orbit.yawDegrees - dx * 0.4, 360.0);
    m_orbit.pitchDegrees = std::clamp(m_orbit.pitchDegrees + dy * 0.4, -kMaxOrbitPitch, kMaxOrbitPitch);
    emit changed();
}

void ViewCamera3D::pan(double dx, double dy)
{
    if (m_riding) return;
    const SceneCamera c = sceneCamera();
    const double k = worldPerPixel();
    m_orbit.target = m_orbit.target - c.right() * (dx * k) + c.up * (dy * k);
    emit changed();
}

void ViewCamera3D::zoomAt(double x, double y, double steps)
{
    if (m_riding || !std::isfinite(steps)) return;
    const double factor = std::pow(1.2, std::clamp(steps, -10.0, 10.0));
    const SceneCamera before = sceneCamera();
    // The point under the cursor on the plane through the target facing the camera stays put.
    const Ray ray = rayThrough(before, m_viewport, {x, y});
    const double along = core::dot(m_orbit.target - ray.origin, before.forward) /
                         std::max(1e-9, core::dot(ray.direction, before.forward));
    const core::Vec3 under = ray.origin + ray.direction * along;
    if (m_orthographic)
        m_pixelsPerUnit = std::clamp(m_pixelsPerUnit * factor, 1e-4, 1e5);
    else
        m_orbit.distance = std::clamp(m_orbit.distance / factor, 1e-2, 1e7);
    m_orbit.target = under + (m_orbit.target - under) / factor;
    emit changed();
}

void ViewCamera3D::fly(double forwardUnits, double rightUnits, double upUnits)
{
    if (m_riding) return;
    const SceneCamera c = sceneCamera();
    m_orbit.target = m_orbit.target + c.forward * forwardUnits + c.right() * rightUnits + core::Vec3{0, 0, upUnits};
    emit changed();
}

void ViewCamera3D::frame(QVector3D centre, double radius)
{
    if (!(radius > 0) || !std::isfinite(radius)) radius = 1.0;
    m_riding = false;
    m_orbit.target = fromQt(centre);
    // Before the view is laid out (no size yet) frame as if it were square.
    const bool sized = m_viewport.width() > 0 && m_viewport.height() > 0;
    const double aspect = sized ? m_viewport.width() / m_viewport.height() : 1.0;
    m_orbit.distance = framingDistance(radius * 1.1, kFieldOfView, aspect);
    m_pixelsPerUnit =
        std::max(1e-4, (sized ? std::min(m_viewport.width(), m_viewport.height()) : 400.0) / (2.2 * radius));
    emit changed();
}

void ViewCamera3D::viewFrom(const QString &name)
{
    m_riding = false;
    if (name == QLatin1String("perspective")) {
        m_orthographic = false;
        m_orbit.pitchDegrees = std::clamp(m_orbit.pitchDegrees, -kMaxOrbitPitch, kMaxOrbitPitch);
    } else {
        // The orthographic scale that shows at the target what the perspective showed there.
        if (!m_orthographic) m_pixelsPerUnit = 1.0 / worldPerPixel();
        m_orthographic = true;
        if (name == QLatin1String("top")) {
            m_orbit.yawDegrees = 90;
            m_orbit.pitchDegrees = 90;
        } else if (name == QLatin1String("front")) {
            m_orbit.yawDegrees = 90;
            m_orbit.pitchDegrees = 0;
        } else if (name == QLatin1String("side")) {
            m_orbit.yawDegrees = 180;
            m_orbit.pitchDegrees = 0;
        }
    }
    emit changed();
}

void ViewCamera3D::setOrbit(QVector3D target, double yawDegrees, double pitchDegrees, double distance)
{
    m_riding = false;
    m_orthographic = false;
    m_orbit = {fromQt(target), yawDegrees, std::clamp(pitchDegrees, -90.0, 90.0), std::max(distance, 1e-2)};
    emit changed();
}

void ViewCamera3D::lookAt(QVector3D eye, QVector3D target)
{
    SceneCamera from;
    from.position = fromQt(eye);
    from.up = {0, 0, 1};
    m_riding = false;
    m_orthographic = false;
    m_orbit = orbitFrom(from, fromQt(target));
    emit changed();
}

void ViewCamera3D::setRidePose(core::Vec3 position, core::Vec3 forward, core::Vec3 up)
{
    m_ride = SceneCamera{};
    m_ride.position = position;
    m_ride.forward = forward;
    m_ride.up = up;
    m_ride.fovYDegrees = kFieldOfView;
    m_riding = true;
    emit changed();
}

QVariant ViewCamera3D::project(double x, double y, double z) const
{
    const auto p = app::project(sceneCamera(), m_viewport, {x, y, z});
    return p ? QVariant(p->at) : QVariant();
}

void ViewCamera3D::stopRiding()
{
    if (!m_riding) return;
    m_riding = false;
    emit changed();
}

} // namespace railforge::app
