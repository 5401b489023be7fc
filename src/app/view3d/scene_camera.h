// The 3D view's camera as plain numbers: where it is, which way it looks, how it projects. The
// renderer is given the same numbers (position and rotation), and RailForge's own picking projects
// with them, so what is under a click is what the designer sees there.
#pragma once

#include "core/vec3.h"

#include <QPointF>
#include <QSizeF>

#include <optional>

namespace railforge::app {

struct SceneCamera {
    core::Vec3 position{0, -10, 10};
    core::Vec3 forward{0, 1, 0}; // unit, where the camera looks
    core::Vec3 up{0, 0, 1};      // unit, orthogonal to forward: the screen's up
    double fovYDegrees = 50.0;   // perspective: vertical field of view
    bool orthographic = false;
    double pixelsPerUnit = 20.0; // orthographic: the scale (as the plan's)

    core::Vec3 right() const { return core::cross(forward, up); }
};

// A point seen by the camera: where on the screen (pixels, y down) and how far in front.
struct ScreenPoint {
    QPointF at;
    double depth = 0.0; // along forward
};

// Closest depth (level units) at which the perspective camera still sees a point.
inline constexpr double kNearDepth = 1e-3;

// Where `world` shows in a viewport of `viewport` pixels; nothing when it is behind a perspective
// camera (closer than kNearDepth).
std::optional<ScreenPoint> project(const SceneCamera &camera, QSizeF viewport, core::Vec3 world);

// The ray through a screen point: its origin (the eye, or the point on the orthographic camera's
// plane) and unit direction.
struct Ray {
    core::Vec3 origin;
    core::Vec3 direction;
};
Ray rayThrough(const SceneCamera &camera, QSizeF viewport, QPointF screen);

// A camera circling a target with z up: yaw turns about z (0 looks along +x), pitch is how far it
// looks down (90 straight down, negative from below).
struct OrbitPose {
    core::Vec3 target;
    double yawDegrees = -60.0;
    double pitchDegrees = 35.0;
    double distance = 50.0;
};

// The camera of an orbit pose (perspective, `fovYDegrees`). Its up never degenerates, straight
// down included (then the screen's up is the yaw direction).
SceneCamera orbitCamera(const OrbitPose &pose, double fovYDegrees);

// The orbit pose looking at the same target from where `camera` is (the reverse of orbitCamera).
OrbitPose orbitFrom(const SceneCamera &camera, core::Vec3 target);

// The distance at which a sphere of `radius` fills a viewport at `fovYDegrees` (with `aspect` =
// width / height, the narrower side counts).
double framingDistance(double radius, double fovYDegrees, double aspect);

} // namespace railforge::app
