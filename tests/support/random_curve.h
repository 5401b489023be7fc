// Random rails for geometry tests: n points, consecutive ones at least 0.5 apart (a closed rail's
// ends too), in [-10, 10]^2 with heights in [-3, 3] unless flat.
#pragma once

#include "core/spline.h"

#include <random>

namespace railforge::testing {

inline core::Curve randomCurve(std::mt19937_64 &rng, std::size_t n, bool closed, core::SplineSpec spec, bool flat)
{
    std::uniform_real_distribution<double> coord(-10.0, 10.0);
    std::uniform_real_distribution<double> height(-3.0, 3.0);
    core::Curve c;
    c.closed = closed;
    c.spec = spec;
    while (c.points.size() < n) {
        const core::Vec3 p{coord(rng), coord(rng), flat ? 0.0 : height(rng)};
        if (c.points.empty() || core::distance(p, c.points.back()) > 0.5)
            c.points.push_back(p);
    }
    if (closed && core::distance(c.points.front(), c.points.back()) < 0.5)
        c.points.back() += core::Vec3{1.0, 1.0, 0.0};
    return c;
}

} // namespace railforge::testing
