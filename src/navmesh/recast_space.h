// Recast and Detour work with y up; a level has z up. A level point (x, y, z) is Recast's (x, z, -y): a
// turn about x, not a mirror, so a triangle keeps its winding and Recast's space is glTF's.
#pragma once

#include "core/vec3.h"

namespace railforge::nav {

inline void toRecast(const core::Vec3 &p, float *out)
{
    out[0] = float(p.x);
    out[1] = float(p.z);
    out[2] = float(-p.y);
}

inline core::Vec3 fromRecast(const float *r) { return {double(r[0]), -double(r[2]), double(r[1])}; }

} // namespace railforge::nav
