// The "big level" of the editor benchmark (issue targets): 10,000 waypoints on a grid with edges,
// 1,000 rails of 100 points, 500 obstacles. Deterministic.
#pragma once

#include "document/model/level.h"

namespace railforge::bench {

document::Level makeBigLevel();

} // namespace railforge::bench
