// railforge-cli smooth: runs one strategy over a CSV path.
#pragma once

#include <QStringList>

namespace railforge::cli {

// smooth --strategy ID [--param NAME=VALUE]... [--level LEVEL.yaml] [--closed] [--in FILE.csv] [--out FILE.csv]
int runSmooth(const QStringList &arguments);

} // namespace railforge::cli
