// railforge-cli ground: the height of the level's ground at points; railforge-cli drape: a rail's
// points set onto the ground.
#pragma once

#include <QStringList>

namespace railforge::cli {

// ground LEVEL.yaml (--at X,Y | --in FILE.csv) [--below Z] [--reference ID] [--out FILE]
int runGround(const QStringList &arguments);

// drape LEVEL.yaml --rail ID [--clearance C] [--follow TOL] -o OUT.yaml
int runDrape(const QStringList &arguments);

} // namespace railforge::cli
