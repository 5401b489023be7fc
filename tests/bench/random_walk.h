// The benchmarks' shared input path: a random walk on the ground, half the turns gentle (under 20
// degrees), half sharp (45..150), steps 0.5..1.5 long.
#pragma once

#include "core/vec3.h"

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

inline std::vector<railforge::core::Vec3> randomWalk(std::size_t n, unsigned seed = 1)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<railforge::core::Vec3> p;
    p.reserve(n);
    double heading = 0.0;
    railforge::core::Vec3 at{};
    for (std::size_t i = 0; i < n; ++i) {
        p.push_back(at);
        // One draw per statement: the sequence must not depend on the compiler's evaluation order.
        const double side = unit(rng) < 0.5 ? -1.0 : 1.0;
        const double degrees = unit(rng) < 0.5 ? 20.0 * unit(rng) : 45.0 + 105.0 * unit(rng);
        heading += side * degrees * std::numbers::pi / 180.0;
        at += railforge::core::Vec3{std::cos(heading), std::sin(heading), 0.0} * (0.5 + unit(rng));
    }
    return p;
}
