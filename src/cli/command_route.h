// railforge-cli route LEVEL.yaml --patrol ID: a patrol's smoothed path as CSV rows.
#pragma once

#include <QStringList>

namespace railforge::cli {

// Prints s,x,y,z,tx,ty,tz for each vertex of the patrol's smoothed path.
int runRoute(const QStringList &arguments);

} // namespace railforge::cli
