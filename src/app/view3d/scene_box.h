// The box around points of the scene, grown point by point (non-finite points are passed over):
// what the 3D view frames and sizes its grid and markers by.
#pragma once

#include "core/vec3.h"

#include <algorithm>

namespace railforge::app {

struct SceneBox {
    core::Vec3 lo{1, 1, 1}, hi{0, 0, 0};
    bool empty = true;
    void add(core::Vec3 p)
    {
        if (!core::isFinite(p)) return;
        if (empty) {
            lo = hi = p;
            empty = false;
            return;
        }
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
};

} // namespace railforge::app
