// railforge-cli export LEVEL.yaml -o OUT.yaml [--spacing S]: the engine export, written atomically.
#pragma once

#include <QStringList>

namespace railforge::cli {

// Writes the engine format (docs/export-format.md); the old OUT.yaml survives any failure.
int runExport(const QStringList &arguments);

} // namespace railforge::cli
