// Numbers a tool computes (bank, drape, snapping, calibration, an opacity slider) are rounded before
// they enter the document, so a file shows what a designer could have typed and a reviewer reads a
// diff without noise: positions to 1e-6 level units, angles to 1e-4 degrees, fractions to 1e-4; a
// value that close to an integer or to 0 becomes it (never -0). Numbers a designer types are kept
// exactly as typed (docs/design.md "Numbers in files").
#pragma once

#include "core/vec3.h"

namespace railforge::document {

// To the nearest multiple of 1 / `per` (per = 1e6: micrometres of a metre), never -0.
double roundedTo(double value, double per);

inline double toolPosition(double value) { return roundedTo(value, 1e6); }
inline double toolAngle(double degrees) { return roundedTo(degrees, 1e4); }
inline double toolFraction(double value) { return roundedTo(value, 1e4); }
inline core::Vec3 toolPoint(core::Vec3 p) { return {toolPosition(p.x), toolPosition(p.y), toolPosition(p.z)}; }

} // namespace railforge::document
