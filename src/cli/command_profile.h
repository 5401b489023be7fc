// railforge-cli profile: a rail's (or a patrol path's) height, pitch, curvature, tilt, bank and the
// forces on a rider; railforge-cli bank: a rail's tilts set for a speed.
#pragma once

#include <QStringList>

namespace railforge::cli {

// profile LEVEL.yaml (--rail ID | --patrol ID) --spacing S [--speed V] [--json] [--out FILE]
int runProfile(const QStringList &arguments);

// bank LEVEL.yaml --rail ID --speed V [--max-bank DEG] -o OUT.yaml
int runBank(const QStringList &arguments);

} // namespace railforge::cli
