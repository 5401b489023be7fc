// railforge-cli sample LEVEL.yaml --rail ID --spacing S: equal arc-length samples of a rail.
#pragma once

#include <QStringList>

namespace railforge::cli {

// Prints s,x,y,z,tx,ty,tz rows: s = 0, S, 2S, ... and the rail's full length last.
int runSample(const QStringList &arguments);

} // namespace railforge::cli
