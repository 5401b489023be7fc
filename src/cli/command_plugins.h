// railforge-cli plugins [--json]: the smoothing strategies that load, with their parameters.
#pragma once

#include <QStringList>

namespace railforge::cli {

// Lists strategies (text, or JSON with --json); skipped plugins are reported on stderr.
int runPlugins(const QStringList &arguments);

} // namespace railforge::cli
