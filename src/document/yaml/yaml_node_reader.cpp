#include "document/yaml/yaml_node_reader.h"

#include "document/model/number_limits.h"
#include "document/text/id_text.h"
#include "document/text/utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <set>

namespace railforge::document {

namespace {
Diagnostic at(Severity severity, const std::string &file, const YAML::Mark &mark, const std::string &message)
{
    const bool hasMark = mark.line >= 0;
    return {severity, file, hasMark ? mark.line + 1 : 0, hasMark ? mark.column + 1 : 0, message};
}

// Describes what a node holds, for "expected X, got Y" messages.
std::string describe(const YamlNode &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Null: return "nothing";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Scalar: return "'" + node.Scalar() + "'";
    default: return "nothing";
    }
}
} // namespace

void NodeReader::error(const YamlNode &node, const std::string &message) { error(node.Mark(), message); }

void NodeReader::error(const YAML::Mark &mark, const std::string &message)
{
    m_diagnostics.push_back(at(Severity::Error, m_file, mark, message));
}

void NodeReader::warning(const YamlNode &node, const std::string &message) { warning(node.Mark(), message); }

void NodeReader::warning(const YAML::Mark &mark, const std::string &message)
{
    m_diagnostics.push_back(at(Severity::Warning, m_file, mark, message));
}

bool NodeReader::isPlainScalar(const YamlNode &node) const
{
    // yaml-cpp tags quoted scalars with "!" and leaves plain, untagged ones with "?". Explicitly tagged
    // scalars (!!str "...") count as text, like quoted ones.
    return node.IsScalar() && node.Tag() == "?";
}

bool NodeReader::expectMap(const YamlNode &node, const std::string &what)
{
    if (node.IsMap()) return true;
    error(node, what + " must be a mapping (key: value), got " + describe(node));
    return false;
}

bool NodeReader::expectSequence(const YamlNode &node, const std::string &what)
{
    if (node.IsSequence()) return true;
    error(node, what + " must be a list, got " + describe(node));
    return false;
}

void NodeReader::warnUnknownKeys(const YamlNode &map, std::initializer_list<const char *> known,
                                 const std::string &what)
{
    for (const auto &entry : map) {
        const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
        const bool isKnown = std::any_of(known.begin(), known.end(), [&](const char *k) { return key == k; });
        if (!isKnown) warning(entry.first, "unknown key '" + key + "' in " + what + " (ignored)");
    }
}

YamlNode NodeReader::required(const YamlNode &map, const char *key, const std::string &what)
{
    YamlNode child = map[key];
    if (!child) error(map, what + " is missing the key '" + key + "'");
    return child;
}

std::optional<double> NodeReader::number(const YamlNode &node, const std::string &what)
{
    if (!isPlainScalar(node)) {
        error(node, what + " must be a number, got " + describe(node));
        return std::nullopt;
    }
    auto value = parseYamlReal(node.Scalar());
    if (!value) {
        error(node, what + " must be a number, got " + describe(node));
        return std::nullopt;
    }
    if (!std::isfinite(*value)) {
        error(node, what + " must be a finite number, got " + node.Scalar());
        return std::nullopt;
    }
    return value;
}

std::optional<double> NodeReader::coordinate(const YamlNode &node, const std::string &what)
{
    auto value = number(node, what);
    if (value && !withinCoordinateRange(*value)) {
        error(node, what + " is " + node.Scalar() + ", outside the coordinate range [-1e9, 1e9]");
        return std::nullopt;
    }
    return value;
}

std::optional<long long> NodeReader::integer(const YamlNode &node, const std::string &what)
{
    auto value = isPlainScalar(node) ? parseYamlInteger(node.Scalar()) : std::nullopt;
    if (!value) error(node, what + " must be a whole number, got " + describe(node));
    return value;
}

std::optional<bool> NodeReader::boolean(const YamlNode &node, const std::string &what)
{
    auto value = isPlainScalar(node) ? parseYamlBool(node.Scalar()) : std::nullopt;
    if (!value) error(node, what + " must be true or false, got " + describe(node));
    return value;
}

std::optional<std::string> NodeReader::string(const YamlNode &node, const std::string &what)
{
    if (!node.IsScalar()) {
        error(node, what + " must be text, got " + describe(node));
        return std::nullopt;
    }
    if (!isValidUtf8(node.Scalar())) {
        error(node, what + " is not valid UTF-8 once its escapes are decoded (\\N and \\_ give bytes that are not "
                           "UTF-8 here): write the character itself");
        return std::nullopt;
    }
    return node.Scalar();
}

std::optional<std::string> NodeReader::id(const YamlNode &node, const std::string &what)
{
    auto text = string(node, what);
    if (!text) return text;
    if (text->empty()) {
        error(node, what + " must not be empty");
        return std::nullopt;
    }
    if (const std::string why = whyBadIdText(*text); !why.empty()) {
        error(node, what + ": " + why);
        return std::nullopt;
    }
    return text;
}

std::optional<core::Vec3> NodeReader::point(const YamlNode &node, const std::string &what, bool allowZ)
{
    const std::string shape = allowZ ? "[x, y] or [x, y, z]" : "[x, y]";
    if (!node.IsSequence() || node.size() < 2 || node.size() > (allowZ ? 3u : 2u)) {
        error(node, what + " must be " + shape + ", got " +
                        (node.IsSequence() ? "a list of " + std::to_string(node.size()) + " values" : describe(node)));
        return std::nullopt;
    }
    auto x = coordinate(node[0], what + " x");
    auto y = coordinate(node[1], what + " y");
    auto z = node.size() == 3 ? coordinate(node[2], what + " z") : std::optional<double>(0.0);
    if (!x || !y || !z) return std::nullopt;
    return core::Vec3{*x, *y, *z};
}

std::optional<PropertyValue> NodeReader::propertyValue(const YamlNode &node, const std::string &what)
{
    if (!node.IsScalar()) {
        error(node, what + " must be a single value (text, number, true/false or \"#RRGGBB\"), got " + describe(node));
        return std::nullopt;
    }
    const std::string &text = node.Scalar();
    if (!isValidUtf8(text)) {
        error(node, what + " is not valid UTF-8 once its escapes are decoded: write the character itself");
        return std::nullopt;
    }
    if (!isPlainScalar(node)) return isColorText(text) ? PropertyValue(Color{text}) : PropertyValue(text);
    if (auto b = parseYamlBool(text)) return PropertyValue(*b);
    if (auto i = parseYamlInteger(text)) return PropertyValue(static_cast<std::int64_t>(*i));
    if (auto r = parseYamlReal(text)) {
        if (!std::isfinite(*r)) {
            error(node, what + " must be a finite number, got " + text);
            return std::nullopt;
        }
        return PropertyValue(*r);
    }
    if (text == "~" || text == "null" || text == "Null" || text == "NULL") {
        error(node, what + " has no value");
        return std::nullopt;
    }
    return PropertyValue(text);
}

Properties NodeReader::properties(const YamlNode &node, const std::string &what)
{
    Properties result;
    if (!node) return result;
    if (!expectMap(node, what)) return result;
    for (const auto &entry : node) {
        auto name = id(entry.first, what + " name");
        if (!name) continue;
        if (auto value = propertyValue(entry.second, what + " '" + *name + "'")) result.push_back({*name, *value});
    }
    return result;
}

} // namespace railforge::document
