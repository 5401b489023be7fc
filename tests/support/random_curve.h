// Random rails for geometry tests: n points, consecutive ones at least 0.5 apart (a closed rail's
// ends too), in [-10, 10]^2 with heights in [-3, 3] unless flat; and random Bezier handles for them.
#pragma once

#include "core/spline.h"

#include <random>
#include <vector>

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
        if (c.points.empty() || core::distance(p, c.points.back()) > 0.5) c.points.push_back(p);
    }
    if (closed && core::distance(c.points.front(), c.points.back()) < 0.5) c.points.back() += core::Vec3{1.0, 1.0, 0.0};
    return c;
}

// Random handles for every point in the given modes (in = -out for mirrored, a negative multiple for aligned).
inline void randomHandles(std::mt19937_64 &rng, core::Curve &c, std::vector<core::HandleMode> modes)
{
    std::uniform_real_distribution<double> coord(-4.0, 4.0);
    std::uniform_int_distribution<std::size_t> pick(0, modes.size() - 1);
    c.spec.type = core::SplineType::Bezier;
    c.handles.clear();
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        core::PointHandles h;
        h.mode = modes[pick(rng)];
        h.out = {coord(rng), coord(rng), coord(rng) * 0.3};
        switch (h.mode) {
        case core::HandleMode::Mirrored: h.in = -h.out; break;
        case core::HandleMode::Aligned: h.in = h.out * -std::uniform_real_distribution<double>(0.2, 2.0)(rng); break;
        case core::HandleMode::Free: h.in = {coord(rng), coord(rng), coord(rng) * 0.3}; break;
        case core::HandleMode::Corner: h.in = h.out = {}; break;
        case core::HandleMode::Auto:
            h.in = {99, 99, 99};
            h.out = {-99, 99, 7};
            break; // ignored
        }
        c.handles.push_back(h);
    }
}

} // namespace railforge::testing
