#include "app/editor/band_selection.h"

#include "document/editing/junction_keeping.h"

#include <algorithm>

namespace railforge::app {

std::set<document::ObjectId> objectsInBand(const document::Level &level, const std::function<bool(core::Vec3)> &inside,
                                           const KindLayers *layers, double obstacleZ)
{
    using document::ObjectKind;
    std::set<document::ObjectId> picked;
    auto pickable = [&](ObjectKind kind) { return !layers || layers->pickable(kind); };
    auto allInside = [&](const auto &points, auto at) {
        return !points.empty() &&
               std::all_of(points.begin(), points.end(), [&](const auto &p) { return inside(at(p)); });
    };
    if (pickable(ObjectKind::Waypoint))
        for (const auto &w : level.waypoints)
            if (inside(w.position)) picked.insert({ObjectKind::Waypoint, w.id});
    if (pickable(ObjectKind::Rail))
        for (const auto &r : level.rails)
            if (allInside(r.points, [](const core::Vec3 &p) { return p; })) picked.insert({ObjectKind::Rail, r.id});
    if (pickable(ObjectKind::Obstacle))
        for (const auto &o : level.obstacles) {
            const auto corner = [&](const auto &p) { return core::Vec3{p.x, p.y, obstacleZ}; };
            const bool in = o.shape == document::Obstacle::Shape::Circle ? inside(corner(o.circle.center))
                                                                         : allInside(o.polygon, corner);
            if (in) picked.insert({ObjectKind::Obstacle, o.id});
        }
    // A junction has no point of its own: it is taken when where its rails meet is inside.
    if (pickable(ObjectKind::Rail) && pickable(ObjectKind::Junction))
        for (const auto &j : level.junctions)
            if (const auto at = document::junctionPlace(level, j); at && inside(*at))
                picked.insert({ObjectKind::Junction, j.id});
    return picked;
}

} // namespace railforge::app
