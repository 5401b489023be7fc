// Where a rider is, and which way they look, at an arc length along a rail: the same position,
// tangent and up the export's sample rows give at that s (arc_length.h sampleAt, frames.h upAt),
// with the eye lifted along up. The ride camera of the 3D view and any engine reading the export
// then see the rail the same way.
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"

namespace railforge::core {

struct RidePose {
    double s = 0.0; // arc length along the rail, clamped to [0, length]
    Vec3 position;  // the rail at s plus eyeHeight along up
    Vec3 forward;   // unit tangent (direction of travel)
    Vec3 up;        // unit up, orthogonal to forward (RMF or upright, tilt applied)
};

// The rider's pose at arc length s, the eye `eyeHeight` above the rail along its up.
RidePose ridePoseAt(const ArcLengthTable &table, const FrameTable &frames, double s, double eyeHeight = 0.0);

// The rider's pose at arc length s along a polyline's rows (core/polyline.h polylineRows, with the
// up vectors polylineUps gives them, as `railforge-cli route` writes them): the position between the
// rows around s, the direction and up of the row that starts that piece (a polyline turns only at
// its vertices). Exactly a row's values at its s.
RidePose ridePoseOnRows(const std::vector<CurveSample> &rows, const std::vector<Vec3> &ups, double s,
                        double eyeHeight = 0.0);

// Where a rider moving at `speed` for `seconds` from s ends up: runs on round a closed rail, stops
// at the end of an open one (and at the start when going backwards, speed < 0).
double rideAdvance(double s, double length, bool closed, double speed, double seconds);

} // namespace railforge::core
