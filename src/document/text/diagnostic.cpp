#include "document/text/diagnostic.h"

#include <algorithm>

namespace railforge::document {

std::string formatDiagnostic(const Diagnostic &d)
{
    std::string out = d.file;
    if (d.line > 0) out += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
    out += ": ";
    if (d.severity == Severity::Warning) out += "warning: ";
    out += d.message;
    return out;
}

bool hasErrors(const Diagnostics &diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

} // namespace railforge::document
