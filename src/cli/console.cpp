#include "cli/console.h"

#include <cstdio>

namespace railforge::cli {

void printOut(const QString &line)
{
    std::fputs(line.toUtf8().constData(), stdout);
    std::fputc('\n', stdout);
}

void printErr(const QString &line)
{
    std::fputs(line.toUtf8().constData(), stderr);
    std::fputc('\n', stderr);
}

void printError(const document::Diagnostic &diagnostic)
{
    printErr(QString::fromStdString(document::formatDiagnostic(diagnostic)));
}

} // namespace railforge::cli
