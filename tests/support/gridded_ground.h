// A test terrain: a square grid of cells, two triangles each, over [first, last]² cells of `cell`
// metres, with heights from `height(x, y)` at the corners (a rolling hill, a wave).
#pragma once

#include "core/ground.h"

#include <functional>
#include <memory>
#include <vector>

namespace railforge::testing {

inline core::GroundSet griddedGround(const std::function<double(double, double)> &height, int first, int last,
                                     double cell)
{
    std::vector<core::GroundTriangle> triangles;
    for (int i = first; i < last; ++i)
        for (int j = first; j < last; ++j) {
            const double x0 = i * cell, y0 = j * cell, x1 = x0 + cell, y1 = y0 + cell;
            const core::Vec3 a{x0, y0, height(x0, y0)}, b{x1, y0, height(x1, y0)}, c{x1, y1, height(x1, y1)},
                d{x0, y1, height(x0, y1)};
            triangles.push_back({a, b, c});
            triangles.push_back({a, c, d});
        }
    core::GroundSet ground;
    ground.add(std::make_shared<core::GroundMesh>(std::move(triangles)));
    return ground;
}

} // namespace railforge::testing
