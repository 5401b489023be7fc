// The lengths grids, scale bars and rulers step by: 1, 2 or 5 times a power of ten, so that a
// designer reads them at a glance (the plan's grid and scale bar, the profile's grid, the 3D grid).
#pragma once

namespace railforge::app {

// The smallest 1, 2 or 5 x 10^k that is at least `atLeast` (taken as 1e-6 when not above it).
double niceLength(double atLeast);

} // namespace railforge::app
