#include "app/view3d/level_scene_parts.h"

#include "app/drawing/canvas_palette.h"

#include <unordered_map>

namespace railforge::app {

std::vector<PointInstance> waypointMarkers(const document::Level &level, const std::set<document::ObjectId> &selected,
                                           const std::string &hovered, double markerSize)
{
    std::vector<PointInstance> points;
    points.reserve(level.waypoints.size());
    for (const auto &w : level.waypoints) {
        const bool on = selected.count({document::ObjectKind::Waypoint, w.id}) != 0;
        const bool lit = w.id == hovered;
        points.push_back({{w.position.x, w.position.y, w.position.z},
                          float(markerSize * (on || lit ? 1.4 : 1.0)),
                          on    ? palette::selection
                          : lit ? palette::waypoint.lighter(130)
                                : palette::waypoint});
    }
    return points;
}

std::vector<bool> railPointsShown(const document::Level &level, const std::set<document::ObjectId> &selected)
{
    std::size_t total = 0;
    for (const auto &rail : level.rails) total += rail.points.size();
    std::vector<bool> shown;
    shown.reserve(level.rails.size());
    for (const auto &rail : level.rails)
        shown.push_back(total <= kAllControlPoints || selected.count({document::ObjectKind::Rail, rail.id}) != 0);
    return shown;
}

void fillControlPoints(PointInstances &out, PointInstances &draggedOut, const std::set<std::string> &dragged,
                       const document::Level &level, const std::set<document::ObjectId> &selected, double markerSize)
{
    std::vector<PointInstance> points, draggedPoints;
    const std::vector<bool> shown = railPointsShown(level, selected);
    for (std::size_t r = 0; r < level.rails.size(); ++r) {
        if (!shown[r]) continue;
        const auto &rail = level.rails[r];
        const bool on = selected.count({document::ObjectKind::Rail, rail.id}) != 0;
        auto &into = dragged.count(rail.id) ? draggedPoints : points;
        for (const auto &p : rail.points)
            into.push_back(
                {{p.x, p.y, p.z}, float(markerSize * 1.2 / 100.0), on ? palette::selection : palette::railControl});
    }
    out.setPoints(std::move(points));
    draggedOut.setPoints(std::move(draggedPoints));
}

void fillEdges(LineGeometry &out, const document::Level &level)
{
    std::unordered_map<std::string, core::Vec3> at;
    for (const auto &w : level.waypoints) at.emplace(w.id, core::Vec3{w.position.x, w.position.y, w.position.z});
    std::vector<core::Vec3> ends;
    ends.reserve(level.edges.size() * 2);
    for (const auto &e : level.edges) {
        auto a = at.find(e.from), b = at.find(e.to);
        if (a == at.end() || b == at.end()) continue;
        ends.push_back(a->second);
        ends.push_back(b->second);
    }
    out.setSegments(ends);
}

void fillPatrolPaths(LineGeometry &out, const document::Level &level, const PatrolRoutes &routes)
{
    std::vector<core::Vec3> ends;
    for (const auto &patrol : level.patrols) {
        auto route = routes.find(patrol.id);
        if (route == routes.end()) continue;
        const auto &path = route->second.smoothed;
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            ends.push_back({path[i].x, path[i].y, path[i].z});
            ends.push_back({path[i + 1].x, path[i + 1].y, path[i + 1].z});
        }
    }
    out.setSegments(ends);
}

} // namespace railforge::app
