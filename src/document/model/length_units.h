// The level's `units` text as a length an engine can scale by (the export's metres_per_unit).
#pragma once

#include <optional>
#include <string>

namespace railforge::document {

// Metres in one level unit for the usual spellings (m, cm, mm, km, in, ft, yd, mi, and their
// words, case-insensitive); nothing for text that names no known length (the export writes null).
std::optional<double> metresPerUnit(const std::string &units);

} // namespace railforge::document
