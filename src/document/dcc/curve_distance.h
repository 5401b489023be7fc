// How far two curves lie apart: what a rail written into a level leaves of the curve the artist sees
// in Blender, so the summary can say where a rail had to change its spline type to keep that shape.
#pragma once

#include "core/spline.h"

#include <vector>

namespace railforge::document {

// The farthest a point of either curve stands from the other curve (each sampled 16 times a segment,
// and at every knot, the other's nearest point found exactly). Zero for two empty curves.
double curveDistance(const std::vector<core::CubicBezier> &a, bool aClosed, const std::vector<core::CubicBezier> &b,
                     bool bClosed);

} // namespace railforge::document
