// railforge-cli nearest: the nearest point on a rail (or on any rail) for query points.
#pragma once

#include <QStringList>

namespace railforge::cli {

// nearest LEVEL.yaml [--rail ID] (--at X,Y[,Z] | --in FILE.csv) [--range R] [--json]
int runNearest(const QStringList &arguments);

} // namespace railforge::cli
