#include "app/view3d/scene_camera.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace railforge::app {
namespace {

double radians(double degrees) { return degrees * std::numbers::pi / 180.0; }
double degrees(double radians) { return radians * 180.0 / std::numbers::pi; }

// Pixels per unit of (x / depth) at the viewport's height: the perspective's focal length.
double focalPixels(const SceneCamera &camera, QSizeF viewport)
{
    return viewport.height() / 2 / std::tan(radians(camera.fovYDegrees) / 2);
}

} // namespace

std::optional<ScreenPoint> project(const SceneCamera &camera, QSizeF viewport, core::Vec3 world)
{
    const core::Vec3 d = world - camera.position;
    const double depth = core::dot(d, camera.forward);
    const double x = core::dot(d, camera.right());
    const double y = core::dot(d, camera.up);
    if (camera.orthographic) {
        const double k = camera.pixelsPerUnit;
        return ScreenPoint{{viewport.width() / 2 + x * k, viewport.height() / 2 - y * k}, depth};
    }
    if (!(depth > kNearDepth)) return std::nullopt;
    const double f = focalPixels(camera, viewport);
    return ScreenPoint{{viewport.width() / 2 + f * x / depth, viewport.height() / 2 - f * y / depth}, depth};
}

Ray rayThrough(const SceneCamera &camera, QSizeF viewport, QPointF screen)
{
    const double sx = screen.x() - viewport.width() / 2;
    const double sy = viewport.height() / 2 - screen.y();
    if (camera.orthographic) {
        const double k = camera.pixelsPerUnit;
        return {camera.position + camera.right() * (sx / k) + camera.up * (sy / k), camera.forward};
    }
    const double f = focalPixels(camera, viewport);
    return {camera.position, core::unitOrZero(camera.forward * f + camera.right() * sx + camera.up * sy)};
}

SceneCamera orbitCamera(const OrbitPose &pose, double fovYDegrees)
{
    const double yaw = radians(pose.yawDegrees), pitch = radians(pose.pitchDegrees);
    SceneCamera camera;
    camera.fovYDegrees = fovYDegrees;
    camera.forward = {std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), -std::sin(pitch)};
    // The derivative of forward by pitch, turned upwards: orthogonal to forward at every pitch.
    camera.up = {std::sin(pitch) * std::cos(yaw), std::sin(pitch) * std::sin(yaw), std::cos(pitch)};
    camera.position = pose.target - camera.forward * pose.distance;
    return camera;
}

OrbitPose orbitFrom(const SceneCamera &camera, core::Vec3 target)
{
    OrbitPose pose;
    pose.target = target;
    const core::Vec3 d = target - camera.position;
    pose.distance = std::max(core::length(d), 1e-6);
    const core::Vec3 f = d / pose.distance;
    pose.pitchDegrees = degrees(std::asin(std::clamp(-f.z, -1.0, 1.0)));
    // Looking straight up or down, the screen's up tells the yaw.
    const core::Vec3 heading = std::hypot(f.x, f.y) > 1e-9 ? f : camera.up * (f.z < 0 ? 1.0 : -1.0);
    pose.yawDegrees = degrees(std::atan2(heading.y, heading.x));
    return pose;
}

double framingDistance(double radius, double fovYDegrees, double aspect)
{
    const double halfY = radians(fovYDegrees) / 2;
    const double halfX = std::atan(std::tan(halfY) * std::max(aspect, 1e-3));
    return std::max(radius, 1e-3) / std::sin(std::min(halfX, halfY));
}

} // namespace railforge::app
