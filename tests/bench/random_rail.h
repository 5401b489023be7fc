// The proximity benchmarks' rail: a centripetal Catmull-Rom walk with steps of 0.5..1.5 that turns
// by up to 1 radian a step and drifts a little in height (rail-like, and it crosses itself a lot).
#pragma once

#include "core/spline.h"

#include <cmath>
#include <cstdint>
#include <random>

inline railforge::core::Curve randomRail(int segments, std::uint64_t seed)
{
    using namespace railforge::core;
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    Curve c{{}, false, {SplineType::CatmullRom, 0.5}};
    Vec3 at{};
    double heading = 0.0;
    for (int i = 0; i <= segments; ++i) {
        c.points.push_back(at);
        heading += unit(rng);
        const double step = 1.0 + 0.5 * unit(rng);
        at += Vec3{std::cos(heading) * step, std::sin(heading) * step, 0.1 * unit(rng)};
    }
    return c;
}
