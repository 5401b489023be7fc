// Typed reads from yaml-cpp nodes that never throw and report every problem with its place.
#pragma once

#include "core/vec3.h"
#include "document/model/property.h"
#include "document/text/diagnostic.h"
#include "document/text/scalar_text.h"
#include "document/yaml/yaml_tree.h"

#include <initializer_list>
#include <optional>
#include <string>

namespace railforge::document {

// Reads scalars, lists and mappings from one file, collecting diagnostics as it goes.
class NodeReader {
public:
    NodeReader(std::string fileName, Diagnostics &diagnostics) : m_file(std::move(fileName)), m_diagnostics(diagnostics)
    {}

    // Records an error / warning at a node's place.
    void error(const YamlNode &at, const std::string &message);
    void warning(const YamlNode &at, const std::string &message);
    void warning(const YAML::Mark &at, const std::string &message);
    void error(const YAML::Mark &at, const std::string &message);

    // True when the node is a mapping; otherwise reports "<what> must be a mapping".
    bool expectMap(const YamlNode &node, const std::string &what);
    // True when the node is a sequence; otherwise reports it.
    bool expectSequence(const YamlNode &node, const std::string &what);
    // Warns about every key of `map` not in `known`.
    void warnUnknownKeys(const YamlNode &map, std::initializer_list<const char *> known, const std::string &what);
    // The child `key` of `map`, reporting it as missing when absent (an undefined node then).
    YamlNode required(const YamlNode &map, const char *key, const std::string &what);

    // A finite number (plain scalar); NaN, infinities, strings are reported.
    std::optional<double> number(const YamlNode &node, const std::string &what);
    // A finite number within [-kMaxCoordinate, kMaxCoordinate] (number_limits.h).
    std::optional<double> coordinate(const YamlNode &node, const std::string &what);
    // An integer (plain scalar).
    std::optional<long long> integer(const YamlNode &node, const std::string &what);
    // true / false (plain scalar).
    std::optional<bool> boolean(const YamlNode &node, const std::string &what);
    // Any scalar's text.
    std::optional<std::string> string(const YamlNode &node, const std::string &what);
    // A non-empty id string.
    std::optional<std::string> id(const YamlNode &node, const std::string &what);
    // [x, y] or [x, y, z] of coordinates; z defaults to 0 and is refused when allowZ is false.
    std::optional<core::Vec3> point(const YamlNode &node, const std::string &what, bool allowZ = true);
    // A mapping of typed custom properties.
    Properties properties(const YamlNode &node, const std::string &what);
    // A property value: int, real, bool, colour or string, from the scalar's form.
    std::optional<PropertyValue> propertyValue(const YamlNode &node, const std::string &what);

    const std::string &fileName() const { return m_file; }

private:
    bool isPlainScalar(const YamlNode &node) const;
    std::string m_file;
    Diagnostics &m_diagnostics;
};

} // namespace railforge::document
