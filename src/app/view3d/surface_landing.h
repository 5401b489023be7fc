// Where a click in the 3D view lands when it places something (a rail point, a waypoint, a ruler's
// end): on the first surface of the level's ground that the pointer's ray meets (a bridge deck when
// the pointer is on the deck, the road beside it when it is beside it), else on the grid plane z = 0.
#pragma once

#include "app/view3d/scene_camera.h"
#include "core/ground.h"

#include <optional>

namespace railforge::app {

struct Landing {
    core::Vec3 point;
    bool onSurface = false; // met a surface of the ground (false: the plane z = 0)
};

// The landing of `ray` on `ground` (may be null or empty), or on the plane z = 0 where it meets no
// surface; nothing when the ray meets neither in front of the camera.
std::optional<Landing> landOnSurface(const core::GroundSet *ground, const Ray &ray);

} // namespace railforge::app
