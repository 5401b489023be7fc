// What the ruler says about a measurement, the same in the plan and the 3D view: the distance in the
// plan with its x and y parts, then the height difference, the slope and the 3D length.
#pragma once

#include "core/vec3.h"

#include <QString>

namespace railforge::app {

// "distance 12.50  (dx 12.50, dy 0.00)  dz +3.00, slope 13.5°, 3D 12.85", numbers to `decimals`.
QString rulerReadout(core::Vec3 from, core::Vec3 to, int decimals);

} // namespace railforge::app
