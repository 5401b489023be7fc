// Turning a pipeline step's parameter values (from YAML or the command line) into the checked,
// complete ParameterValues a strategy receives.
#pragma once

#include "document/model/property.h"
#include "document/strategy/strategy_info.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// Complete values (defaults filled in) when every given value fits its declaration; else the reasons.
struct ResolvedParameters {
    std::optional<ParameterValues> values;
    std::vector<std::string> errors;
};

// Checks names, types, ranges and enum choices of `given` against `info`, then fills defaults.
ResolvedParameters resolveParameters(const StrategyInfo &info, const Properties &given);

// Reads a command-line value ("3", "0.5", "true", "reflect") as the declared type of `spec`.
std::optional<PropertyValue> parseParameterText(const ParameterSpec &spec, const std::string &text, std::string *error);

} // namespace railforge::document
