// An engine export checked the way an engine programmer would want it checked before a build ships
// it: against its JSON Schema (resources/schema/export.schema.json), whether it was written as JSON
// or YAML, each problem at FILE:LINE:COLUMN with its JSON pointer. (`railforge-cli validate --export`.)
#pragma once

#include "document/text/diagnostic.h"

#include <string>
#include <string_view>

namespace railforge::document {

// The export schema's text (built into the program).
std::string_view exportSchemaText();

// What a check of an export found: its problems, and what it holds when it has none.
struct ExportCheck {
    Diagnostics diagnostics;
    std::size_t rails = 0;
    std::size_t patrols = 0;
    std::size_t waypoints = 0;
};

// Checks an export's text; `file` names it in the diagnostics. Exports may be far larger than levels:
// up to kMaxExportNodes YAML/JSON values are read.
ExportCheck checkExport(std::string_view text, const std::string &file);
inline constexpr long kMaxExportNodes = 4'000'000;

} // namespace railforge::document
