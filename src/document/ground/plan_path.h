// A rail's plan path for fitting its heights (rail_height_fit.h): its original curve as a fine
// polyline with the plan distance (horizontal, along the path) of every vertex.
#pragma once

#include "document/model/level.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace railforge::document {

// The rail's original curve as a fine polyline with the plan distance of every vertex: where each
// control point is along the plan, where a plan distance is, and how far a point is from the path.
struct PlanPath {
    std::vector<double> s;      // plan distance of each vertex from the first point
    std::vector<core::Vec3> p;  // the vertices
    std::vector<double> pointS; // plan distance of each control point
    double length = 0.0;
    bool closed = false;

    // The polyline vertex index just before plan distance `at`.
    std::size_t before(double at) const
    {
        const auto it = std::upper_bound(s.begin(), s.end(), at);
        return it == s.begin() ? 0 : std::min(std::size_t(it - s.begin()) - 1, s.size() - 2);
    }
    core::Vec3 at(double where) const
    {
        if (closed) where = std::fmod(std::fmod(where, length) + length, length);
        where = std::clamp(where, 0.0, length);
        const std::size_t i = before(where);
        const double span = s[i + 1] - s[i];
        const double f = span > 0 ? (where - s[i]) / span : 0.0;
        return p[i] + (p[i + 1] - p[i]) * f;
    }
    // Plan distance from (x, y) to the path near plan distance `near` (the stretch it can be on).
    double distance(double x, double y, double near) const
    {
        if (closed) near = std::fmod(std::fmod(near, length) + length, length);
        const std::size_t i = before(near);
        const std::size_t from = i > 24 ? i - 24 : 0, to = std::min(i + 25, s.size() - 1);
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t k = from; k < to; ++k) {
            const double ax = p[k].x, ay = p[k].y, dx = p[k + 1].x - ax, dy = p[k + 1].y - ay;
            const double len2 = dx * dx + dy * dy;
            const double f = len2 > 0 ? std::clamp(((x - ax) * dx + (y - ay) * dy) / len2, 0.0, 1.0) : 0.0;
            best = std::min(best, std::hypot(x - ax - f * dx, y - ay - f * dy));
        }
        return best;
    }
};

// The path of `rail`'s curve, a vertex at least every `step` along each segment's control polygon.
PlanPath planPathOf(const Rail &rail, double step);

// How many vertices planPathOf(rail, step) makes, counted without making them (a bound to check first).
double planPathVertices(const Rail &rail, double step);

} // namespace railforge::document
