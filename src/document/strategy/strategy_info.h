// What a smoothing-strategy plugin says about itself (its JSON metadata), parsed and checked.
#pragma once

#include "railforge/smoothing_strategy.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// One parameter a strategy takes, as its metadata declares it.
struct ParameterSpec {
    enum class Type { Int, Double, Bool, Enum };
    std::string name;
    std::string label;
    Type type = Type::Double;
    ParameterValue defaultValue;
    std::optional<double> min;        // inclusive, Int / Double only
    std::optional<double> max;        // inclusive, Int / Double only
    std::vector<std::string> choices; // Enum only
};

// A strategy's identity and parameters.
struct StrategyInfo {
    std::string id;
    std::string name;
    std::string description;
    std::string version;
    std::vector<ParameterSpec> parameters;
    QString filePath; // the plugin file it came from
};

// The metadata type names: "int", "double", "bool", "enum".
const char *parameterTypeName(ParameterSpec::Type type);

// Parses a plugin's metadata object (the content of its plugin.json); on failure returns
// nothing and says why in `error` (naming the offending parameter or key).
std::optional<StrategyInfo> parseStrategyMetadata(const QJsonObject &metadata, QString *error);

// The metadata as JSON again (what `railforge-cli plugins --json` prints for one strategy).
QJsonObject strategyToJson(const StrategyInfo &info);

} // namespace railforge::document
