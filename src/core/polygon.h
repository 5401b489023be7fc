// Simple-polygon facts used to validate obstacles (2D, ground plane).
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace railforge::core {

// A 2D point as (x, y).
struct Point2d {
    double x = 0.0;
    double y = 0.0;
};

// Signed area (counter-clockwise positive) by the shoelace formula.
double signedArea(const std::vector<Point2d> &polygon);

// True when closed segments ab and cd share at least one point.
bool segmentsIntersect(Point2d a, Point2d b, Point2d c, Point2d d);

// The first pair of non-adjacent edges (i, j) that touch, if the polygon is not simple.
// Edge i runs from vertex i to vertex i+1 (wrapping). O(n^2): callers cap n.
std::optional<std::pair<std::size_t, std::size_t>> firstSelfIntersection(const std::vector<Point2d> &polygon);

} // namespace railforge::core
