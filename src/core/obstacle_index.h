// ObstacleIndex: a level's obstacles behind an R-tree, answering "how close does segment ab come to
// an obstacle" and "is ab clear for an agent of radius r" on the ground plane (x, y; z is ignored).
//
// Every polygon edge and every circle is indexed by its own bounding box, so a query near one corner
// of a huge polygon only looks at the few edges there. Polygon interiors are blocked: a segment that
// lies wholly inside a polygon (touching no edge) is found by one point-in-polygon test of its start,
// which for big polygons casts its ray through a per-polygon R-tree of edges instead of every edge.
#pragma once

#include "core/polygon.h"
#include "core/vec3.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace railforge::core {

// A circular obstacle (a disc: its interior is blocked).
struct CircleObstacle {
    Point2d center;      // centre on the ground plane
    double radius = 0.0; // negative radii count as 0 (a point obstacle)
};

// Immutable index over polygons and circles; all queries are const and safe from many threads.
class ObstacleIndex {
public:
    // Builds the index once. Polygons are simple, either orientation, the closing vertex not repeated
    // (repeating it is harmless). A polygon of 1 or 2 vertices is a point or a segment with no interior;
    // an empty one is ignored. Coordinates must be finite (the document layer validates them).
    // Throws std::length_error beyond 2^32 - 2 edges plus circles.
    ObstacleIndex(std::vector<std::vector<Point2d>> polygons, std::vector<CircleObstacle> circles);
    // Defined in the .cpp, where the Boost types are complete.
    ~ObstacleIndex();
    // Movable (the tree is owned through a pointer).
    ObstacleIndex(ObstacleIndex &&) noexcept;
    // Movable.
    ObstacleIndex &operator=(ObstacleIndex &&) noexcept;

    // Distance in (x, y) from segment ab to the nearest obstacle: 0 when the segment touches or enters
    // one (inside a polygon counts as 0), the distance to a circle is max(0, |centre, ab| - radius),
    // +infinity when the index is empty.
    double distance(Vec3 a, Vec3 b) const;

    // True when an agent of `radius` can move straight from a to b: the distance to every obstacle is
    // >= radius and > 0. "< radius blocks" is the design's rule; "0 blocks too" only matters at
    // radius 0, where it keeps a point agent from passing through (or grazing) an obstacle, which the
    // bare "< 0" rule would allow. Negative or NaN radii count as 0.
    bool isClear(Vec3 a, Vec3 b, double radius) const;

    // Number of polygons indexed (empty ones excluded).
    std::size_t polygonCount() const;
    // Number of circles indexed.
    std::size_t circleCount() const;

private:
    struct Impl;                  // the R-trees and flat obstacle arrays (keeps Boost out of this header)
    std::unique_ptr<Impl> m_impl; // never null except after a move
};

} // namespace railforge::core
