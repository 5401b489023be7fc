// The extent of a level in the plan (x, y): what Fit frames.
#pragma once

#include "document/model/level.h"

#include <QRectF>

namespace railforge::app {

// Waypoints, rail control points and obstacles; a 20 x 20 square around the origin when the level
// is empty, and at least 10 x 10 around a single point.
QRectF planBounds(const document::Level &level);

} // namespace railforge::app
