// railforge-cli fit-heights: a rail's heights set to the lowest profile that keeps a clearance above
// the ground and a grade (document/ground/rail_height_fit.h).
#pragma once

#include <QStringList>

namespace railforge::cli {

// fit-heights LEVEL.yaml --rail ID --clearance C --max-grade DEG [--tolerance T] [--keep-ends] -o OUT.yaml
int runFitHeights(const QStringList &arguments);

} // namespace railforge::cli
