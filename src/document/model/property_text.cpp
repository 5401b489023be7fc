#include "document/model/property_text.h"

#include "document/text/number_format.h"
#include "document/text/scalar_text.h"

#include <cmath>

namespace railforge::document {
namespace {

std::string trimmed(const std::string &text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

} // namespace

std::string propertyText(const PropertyValue &value)
{
    struct Visitor {
        std::string operator()(const std::string &s) const { return s; }
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return formatNumber(d); }
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(const Color &c) const { return c.hex; }
    };
    return std::visit(Visitor{}, value);
}

std::optional<PropertyValue> parsePropertyText(const std::string &type, const std::string &text, std::string *why)
{
    const std::string t = trimmed(text);
    std::optional<PropertyValue> value;
    if (type == "string") {
        if (isColorText(text)) {
            *why = "text of the form #RRGGBB is a colour: choose the color type";
            return std::nullopt;
        }
        value = PropertyValue(text);
    } else if (type == "int") {
        if (auto i = parseYamlInteger(t)) value = PropertyValue(std::int64_t(*i));
    } else if (type == "float") {
        if (auto d = parseYamlReal(t); d && std::isfinite(*d)) value = PropertyValue(*d);
    } else if (type == "bool") {
        if (auto b = parseYamlBool(t)) value = PropertyValue(*b);
    } else if (type == "color") {
        if (isColorText(t)) value = PropertyValue(Color{t});
    }
    if (!value) *why = "'" + text + "' is not a valid " + type;
    return value;
}

} // namespace railforge::document
