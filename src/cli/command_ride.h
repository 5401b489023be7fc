// railforge-cli ride LEVEL.yaml --rail ID --speed V --duration T --dt DT [--from start|end]
// [--choose default|random:SEED|sequence:WAY,...]: a rider along the level's rail network.
#pragma once

#include <QStringList>

namespace railforge::cli {

// Prints t,rail,s,x,y,z,tx,ty,tz,ux,uy,uz rows every DT from t = 0 to T (fewer when an open end
// stops the rider: the last row is there).
int runRide(const QStringList &arguments);

} // namespace railforge::cli
