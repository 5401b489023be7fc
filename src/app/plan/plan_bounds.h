// The extent of a level in the plan (x, y): what Fit frames.
#pragma once

#include "core/ground.h"
#include "document/model/level.h"

#include <QRectF>

namespace railforge::app {

// Waypoints, rail control points, obstacles, shown images and heightmaps, and `ground` (the ground's
// extent as read: mesh references included) when given; a 20 x 20 square around the origin when the
// level is empty, and at least 10 x 10 around a single point.
QRectF planBounds(const document::Level &level, const core::PlanBox *ground = nullptr);

} // namespace railforge::app
