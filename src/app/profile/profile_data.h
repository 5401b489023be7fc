// What the profile panel draws for one rail or patrol path, computed from a copy of the object (so
// a long rail can be computed off the UI thread): rows along the arc length (height, pitch, tilt,
// bank, curvature, frames), the control points and Bezier handles at their arc lengths, and the
// figures read off on the panel.
#pragma once

#include "app/profile/channel_lanes.h"
#include "core/ground.h"
#include "core/rail_profile.h"
#include "document/model/level.h"
#include "document/model/rail_geometry_cache.h"
#include "document/model/ride_limits.h"

#include <QString>

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace railforge::app {

// A dot the designer can drag up and down in the profile.
struct ProfileMarker {
    enum class Kind { Point, HandleIn, HandleOut, Stop };
    Kind kind = Kind::Point;
    std::size_t point = 0; // control point (rails) or stop (patrols) index
    std::string waypoint;  // the stop's waypoint (patrols)
    double s = 0.0;        // where it sits along the curve
    double z = 0.0;        // its height (a handle's: the handle end's)
    double tilt = 0.0;     // the point's tilt in degrees (points only)
};

struct ProfileData {
    QString key;                        // "rail:id" or "patrol:id"
    bool rail = false;                  // rails have tilt and forces; patrols only heights
    std::vector<core::ProfileRow> rows; // along s; a patrol's rows are its path's vertices
    std::vector<double> ground;         // the ground under each row (NaN where none); empty without ground
    std::vector<double> overhead;       // the lowest surface over each row (NaN where none); as ground
    std::vector<ProfileMarker> markers; // points, handles (Bezier rails) and stops
    std::vector<ChannelLane> channels;  // the rail's channels, one lane each
    double length = 0.0;
    double zMin = 0.0, zMax = 0.0;     // the curve's own lowest and highest (rows and its points)
    double groundMin = NAN;            // the lowest ground under it (NaN without ground)
    double sAtMin = 0.0, sAtMax = 0.0; // where the curve is lowest and highest
    double steepestPitch = 0.0;        // signed degrees of the largest |pitch|
    double sAtSteepest = 0.0;
};

// Rows along a rail: two or three to a pixel of a wide panel (fine enough to see every hump), few
// enough that the profile of the rail being dragged is recomputed within a frame.
inline constexpr int kProfileRows = 2000;

// The lowest height the plot must show: the curve's, or the ground under it when lower.
inline double plotLow(const ProfileData &data)
{
    return std::isnan(data.groundMin) ? data.zMin : std::min(data.zMin, data.groundMin);
}

// The profile of a rail (rows every length / kProfileRows) over its geometry (the document's).
ProfileData railProfileData(const document::Rail &rail, const document::RailGeometry &geometry);

// Fills data.ground with the ground under each row (the highest at or below the row, else the
// highest there) and its lowest into groundMin (the plot shows it; "low" stays the rail's own).
void addGround(ProfileData &data, const core::GroundSet &ground);

// The profile of a patrol's smoothed path, its stops placed where the path reaches them.
// `visitIndex` and `visits` are the route's (patrol_route.h); `stops` the patrol's waypoints in order.
ProfileData pathProfileData(const QString &key, const std::vector<core::Vec3> &path,
                            const std::vector<std::string> &visits, const std::vector<std::size_t> &visitIndex,
                            const document::Level &level);

// Limits of the ride the designer sets (coaster practice by default; validate warns by the same).
using RideLimits = document::RideLimits;

// The stretches [s0, s1] of a rail's rows where the rider feels `forces` (one per row, as
// forcesAlong gives them) outside the limits.
std::vector<std::pair<double, double>>
overLimitStretches(const ProfileData &data, const std::vector<core::RiderForces> &forces, const RideLimits &limits);

} // namespace railforge::app
