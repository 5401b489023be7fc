#include "app/view3d/drag_plane.h"

#include <cmath>

namespace railforge::app {
namespace {

// Below this cosine between the ray and a plane the hit runs off towards the horizon.
constexpr double kGrazing = 1e-3;

} // namespace

std::optional<core::Vec3> dragPlaneNormal(const Ray &ray, DragAxis axis)
{
    if (axis == DragAxis::Horizontal) return core::Vec3{0, 0, 1};
    const core::Vec3 flat{ray.direction.x, ray.direction.y, 0.0};
    const double n = core::length(flat);
    if (n < kGrazing) return std::nullopt; // looking straight down: no upright plane faces it
    return flat / n;
}

std::optional<core::Vec3> planeHit(const Ray &ray, core::Vec3 through, core::Vec3 normal)
{
    const double along = core::dot(ray.direction, normal);
    if (std::abs(along) < kGrazing) return std::nullopt;
    const double t = core::dot(through - ray.origin, normal) / along;
    if (t <= 0.0) return std::nullopt;
    return ray.origin + ray.direction * t;
}

std::optional<double> alongAxis(const Ray &ray, core::Vec3 through, core::Vec3 axis)
{
    // The closest approach of two lines: through + u axis and origin + t direction (both unit).
    const core::Vec3 w = through - ray.origin;
    const double b = core::dot(axis, ray.direction);
    const double denominator = 1.0 - b * b;
    if (denominator < kGrazing) return std::nullopt;
    return (b * core::dot(ray.direction, w) - core::dot(axis, w)) / denominator;
}

std::optional<PointDrag> PointDrag::grab(core::Vec3 point, const Ray &ray, DragAxis axis)
{
    const auto normal = dragPlaneNormal(ray, axis);
    if (!normal) return std::nullopt;
    const auto hit = planeHit(ray, point, *normal);
    if (!hit) return std::nullopt;
    return PointDrag{point, *normal, *hit, axis};
}

std::optional<core::Vec3> PointDrag::follow(const Ray &ray) const
{
    const auto hit = planeHit(ray, start, normal);
    if (!hit) return std::nullopt;
    const core::Vec3 moved = start + (*hit - grabbed);
    if (axis == DragAxis::Vertical) return core::Vec3{start.x, start.y, moved.z};
    return core::Vec3{moved.x, moved.y, start.z};
}

} // namespace railforge::app
