// Plain scalars as YAML 1.2's core schema reads them: integers, reals (with .inf / .nan) and booleans.
// The level reader, the CSV reader, the inspector and the CLI's --param all take numbers this way.
#pragma once

#include <optional>
#include <string>

namespace railforge::document {

// "42", "+7": an integer; anything else (including "4.0"): none.
std::optional<long long> parseYamlInteger(const std::string &text);
// "1.5", "-2e3", ".inf", ".nan": a real (NaN and infinities included; callers refuse them); "inf": none.
std::optional<double> parseYamlReal(const std::string &text);
// true / True / TRUE, false / False / FALSE; not "yes".
std::optional<bool> parseYamlBool(const std::string &text);

} // namespace railforge::document
