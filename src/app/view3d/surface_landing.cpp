#include "app/view3d/surface_landing.h"

#include <cmath>

namespace railforge::app {

std::optional<Landing> landOnSurface(const core::GroundSet *ground, const Ray &ray)
{
    if (ground && !ground->empty())
        if (const auto t = ground->firstHit(ray.origin, ray.direction))
            return Landing{ray.origin + ray.direction * *t, true};
    // The grid plane: only in front of the camera, and not when the ray runs along it.
    if (std::abs(ray.direction.z) < 1e-12) return std::nullopt;
    const double t = -ray.origin.z / ray.direction.z;
    if (t < 0.0) return std::nullopt;
    core::Vec3 at = ray.origin + ray.direction * t;
    at.z = 0.0;
    return Landing{at, false};
}

} // namespace railforge::app
