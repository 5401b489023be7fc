// Writing to stdout / stderr from the CLI (UTF-8, line by line).
#pragma once

#include "document/text/diagnostic.h"

#include <QString>

namespace railforge::cli {

// A line on stdout.
void printOut(const QString &line);
// A line on stderr.
void printErr(const QString &line);
// A diagnostic on stderr as FILE:LINE:COLUMN: message.
void printError(const document::Diagnostic &diagnostic);

} // namespace railforge::cli
