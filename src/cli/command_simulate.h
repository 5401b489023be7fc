// railforge-cli simulate: the speed and forces of a rider coasting along a rail (ride physics).
#pragma once

#include <QStringList>

namespace railforge::cli {

// simulate LEVEL.yaml --rail ID [--v0 V] [--friction MU] [--drag K] [--spacing S] [--chain-speed V]
//          [--brake-speed V] [--json] [--out FILE]
int runSimulate(const QStringList &arguments);

} // namespace railforge::cli
