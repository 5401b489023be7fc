// railforge-cli validate LEVEL.yaml: reports every problem of a level file.
#pragma once

#include <QStringList>

namespace railforge::cli {

// Prints each problem as FILE:LINE:COLUMN: message; exit 0 when valid, 3 when not.
int runValidate(const QStringList &arguments);

} // namespace railforge::cli
