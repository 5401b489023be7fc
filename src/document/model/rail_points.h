// Per-point extras of a rail (Bezier handles, tilt) kept beside its points: each vector is empty
// (all defaults) or one entry per point. These helpers read and edit them so they stay that way.
#pragma once

#include "document/model/level.h"

#include <cstddef>

namespace railforge::document {

// Point i's handles (default: Auto with zero offsets).
PointHandles pointHandles(const Rail &rail, std::size_t i);
// Point i's tilt in degrees (default 0).
double pointTilt(const Rail &rail, std::size_t i);

// Set point i's handles / tilt, storing the vector only when some point differs from the default.
void setPointHandles(Rail &rail, std::size_t i, const PointHandles &handles);
void setPointTilt(Rail &rail, std::size_t i, double degrees);

// A point was inserted before index i / removed at index i: keep the extras aligned with the points
// and the channels' point keys on their points (a key on the removed point stays where the point
// was, at arc length `erasedS` of the rail before the removal).
void insertPointExtras(Rail &rail, std::size_t i);
void erasePointExtras(Rail &rail, std::size_t i, double erasedS);

// Drop extras vectors that hold only defaults (and zero the offsets of Auto points, which mean nothing).
void compactPointExtras(Rail &rail);

// True when handle offsets a and b point in opposite directions, as an aligned point's must (to a
// rounding allowance of 1e-9 in the sine of the angle; a zero handle has no direction to disagree).
bool handlesOpposite(Vec3 a, Vec3 b);

// Whether two rails have the same shape (points, closed, spline and alpha, frame mode, handles and
// tilts), whatever their id, properties and channels: one's geometry serves the other.
bool sameShape(const Rail &a, const Rail &b);

// True when any point has a tilt other than 0.
bool hasTilt(const Rail &rail);

} // namespace railforge::document
