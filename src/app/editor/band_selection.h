// What a rubber band takes, the same rule on the plan and in the 3D view: every waypoint inside it,
// every rail and obstacle wholly inside it (all of a rail's control points, all of a polygon's
// corners, a circle's centre), and every junction whose rails meet inside it; kinds hidden or locked
// are passed over.
#pragma once

#include "app/editor/kind_layers.h"
#include "document/model/level.h"
#include "document/model/object_ref.h"

#include <functional>
#include <set>

namespace railforge::app {

// The objects of `level` the band takes; `inside` says whether a point of the level is in the band
// (the plan looks at x and y, the 3D view at where the point shows). Obstacles' corners are given at
// height `obstacleZ` (they have none of their own).
std::set<document::ObjectId> objectsInBand(const document::Level &level, const std::function<bool(core::Vec3)> &inside,
                                           const KindLayers *layers, double obstacleZ = 0.0);

} // namespace railforge::app
