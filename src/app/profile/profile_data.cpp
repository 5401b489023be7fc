#include "app/profile/profile_data.h"

#include "app/selection/selection.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {

constexpr double kDegrees = 180.0 / M_PI;

// Arc length at control point i (the start of segment i; the end for the last point of an open rail).
double pointS(const core::ArcLengthTable &table, std::size_t i)
{
    if (i >= table.segments.size()) return core::totalLength(table);
    return table.breaks[table.firstBreak[i]].s;
}

// Lowest, highest and steepest over rows and markers.
void readOff(ProfileData &data)
{
    bool first = true;
    auto see = [&](double s, double z) {
        if (first || z < data.zMin) data.zMin = z, data.sAtMin = s;
        if (first || z > data.zMax) data.zMax = z, data.sAtMax = s;
        first = false;
    };
    for (const core::ProfileRow &r : data.rows) {
        see(r.s, r.position.z);
        if (std::abs(r.pitch) > std::abs(data.steepestPitch)) data.steepestPitch = r.pitch, data.sAtSteepest = r.s;
    }
    for (const ProfileMarker &m : data.markers)
        if (m.kind == ProfileMarker::Kind::Point || m.kind == ProfileMarker::Kind::Stop) see(m.s, m.z);
}

} // namespace

ProfileData railProfileData(const document::Rail &rail, const document::RailGeometry &geometry)
{
    ProfileData data;
    data.key = Selection::keyOf({document::ObjectKind::Rail, rail.id});
    data.rail = true;
    const core::ArcLengthTable &table = geometry.table();
    data.length = geometry.length();
    if (data.length > 0.0) data.rows = core::railProfile(table, geometry.frames(), data.length / kProfileRows);
    data.channels = channelLanes(rail, table, data.rows);
    const bool bezier = rail.spline == document::SplineKind::Bezier;
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        const double s = pointS(table, i);
        data.markers.push_back({ProfileMarker::Kind::Point, i, {}, s, rail.points[i].z, document::pointTilt(rail, i)});
        if (!bezier) continue;
        // A handle sits as far along s from its point as it reaches across the plan (at least a
        // little, so a vertical handle is still a dot beside its point), inside the rail.
        const core::PointHandles h = document::shownHandles(rail, i);
        if (h.mode == core::HandleMode::Corner) continue;
        const bool hasIn = rail.closed || i > 0, hasOut = rail.closed || i + 1 < rail.points.size();
        const double minReach = data.length * 0.01;
        auto reach = [&](core::Vec3 offset) { return std::max(std::hypot(offset.x, offset.y), minReach); };
        if (hasIn)
            data.markers.push_back(
                {ProfileMarker::Kind::HandleIn, i, {}, std::max(0.0, s - reach(h.in)), rail.points[i].z + h.in.z, 0.0});
        if (hasOut)
            data.markers.push_back({ProfileMarker::Kind::HandleOut,
                                    i,
                                    {},
                                    std::min(data.length, s + reach(h.out)),
                                    rail.points[i].z + h.out.z,
                                    0.0});
    }
    readOff(data);
    return data;
}

ProfileData pathProfileData(const QString &key, const std::vector<core::Vec3> &path,
                            const std::vector<std::string> &visits, const std::vector<std::size_t> &visitIndex,
                            const document::Level &level)
{
    ProfileData data;
    data.key = key;
    double s = 0.0;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (i > 0) s += core::distance(path[i - 1], path[i]);
        core::ProfileRow row;
        row.s = s;
        row.position = path[i];
        // A polyline's pitch is its next leg's (the last vertex keeps the leg before it).
        const std::size_t a = i + 1 < path.size() ? i : (i > 0 ? i - 1 : i);
        const core::Vec3 leg = a + 1 < path.size() ? path[a + 1] - path[a] : core::Vec3{};
        const double legLength = core::length(leg);
        row.pitch = legLength > 0.0 ? std::asin(std::clamp(leg.z / legLength, -1.0, 1.0)) * kDegrees : 0.0;
        data.rows.push_back(row);
    }
    data.length = s;
    for (std::size_t v = 0; v < visits.size() && v < visitIndex.size(); ++v) {
        if (visitIndex[v] >= data.rows.size()) continue;
        const auto waypoint = std::find_if(level.waypoints.begin(), level.waypoints.end(),
                                           [&](const document::Waypoint &w) { return w.id == visits[v]; });
        if (waypoint == level.waypoints.end()) continue;
        data.markers.push_back(
            {ProfileMarker::Kind::Stop, v, visits[v], data.rows[visitIndex[v]].s, waypoint->position.z, 0.0});
    }
    readOff(data);
    return data;
}

void addGround(ProfileData &data, const core::GroundSet &ground)
{
    data.ground.clear();
    data.overhead.clear();
    data.groundMin = NAN;
    if (ground.empty()) return;
    bool any = false;
    data.ground.reserve(data.rows.size());
    data.overhead.reserve(data.rows.size());
    for (const core::ProfileRow &r : data.rows) {
        const auto z = ground.under(r.position.x, r.position.y, r.position.z);
        data.ground.push_back(z ? *z : std::nan(""));
        // The nearest surface over the rail (a deck it passes under), for the headroom.
        double over = std::nan("");
        for (double surface : ground.surfacesAt(r.position.x, r.position.y))
            if (surface > r.position.z + 1e-9) over = surface;
        data.overhead.push_back(over);
        if (z) {
            data.groundMin = any ? std::min(data.groundMin, *z) : *z;
            any = true;
        }
    }
    if (!any) {
        data.ground.clear();
        data.overhead.clear();
    }
}

std::vector<std::pair<double, double>>
overLimitStretches(const ProfileData &data, const std::vector<core::RiderForces> &forces, const RideLimits &limits)
{
    std::vector<std::pair<double, double>> out;
    if (!data.rail || forces.size() != data.rows.size()) return out;
    bool inside = false;
    double start = 0.0, last = 0.0;
    for (std::size_t i = 0; i < data.rows.size(); ++i) {
        const core::ProfileRow &r = data.rows[i];
        const core::RiderForces &f = forces[i];
        const bool over = limits.outside(f);
        if (over && !inside) start = r.s;
        if (!over && inside) out.emplace_back(start, r.s);
        inside = over;
        last = r.s;
    }
    if (inside) out.emplace_back(start, std::max(last, start));
    return out;
}

} // namespace railforge::app
