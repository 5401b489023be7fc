// Shortest round-trip text for doubles, so saved files reload to the same bits.
#pragma once

#include <string>

namespace railforge::document {

// Shortest decimal text that parses back to exactly `value` (e.g. 0.1 -> "0.1", 2.0 -> "2").
std::string formatNumber(double value);

// Appends formatNumber(value) to `out` without a temporary (the export writers' hot path; both
// the YAML and the JSON export format every number through here, so they write identical text).
void appendNumber(std::string &out, double value);

// A number as a person reads it: rounded to `decimals` digits, no trailing zeros, never "-0".
std::string formatRounded(double value, int decimals);

// Like formatNumber, but always reads back as a real number in YAML ("2" -> "2.0").
std::string formatReal(double value);

} // namespace railforge::document
