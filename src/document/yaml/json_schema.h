// A JSON Schema checked against a located YAML or JSON tree, for the part of JSON Schema (2020-12)
// RailForge's own schemas in resources/schema use: type, const, enum, properties, required,
// additionalProperties, propertyNames, items, minItems, maxItems, minimum, exclusiveMinimum,
// minLength, pattern, oneOf and $ref to "#/$defs/...". A schema using anything else is refused
// when parsed, so a check never passes by ignoring a rule. Each violation is reported at its node's
// FILE:LINE:COLUMN with the node's JSON pointer ("/rails/0/samples/3").
#pragma once

#include "document/text/diagnostic.h"
#include "document/yaml/yaml_tree.h"

#include <QJsonObject>

#include <optional>
#include <string>
#include <string_view>

namespace railforge::document {

class JsonSchema {
public:
    // The schema in `json`, or nothing with the reason in `error`.
    static std::optional<JsonSchema> parse(std::string_view json, std::string *error);

    // Appends a diagnostic for each violation under `root`, at most `limit` of them (then one more
    // saying how many were left out).
    void check(const YamlNode &root, const std::string &file, Diagnostics &out, std::size_t limit = 50) const;

private:
    explicit JsonSchema(QJsonObject root) : m_root(std::move(root)) {}
    QJsonObject m_root;
};

} // namespace railforge::document
