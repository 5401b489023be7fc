#include "document/strategy/strategy_parameters.h"

#include "document/text/number_format.h"
#include "document/text/scalar_text.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

std::string describeValue(const PropertyValue &value)
{
    struct Visitor {
        std::string operator()(const std::string &s) const { return "'" + s + "'"; }
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return formatNumber(d); }
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(const Color &c) const { return c.hex; }
    };
    return std::visit(Visitor{}, value);
}

std::string joined(const std::vector<std::string> &items)
{
    std::string out;
    for (const auto &item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

// The value as the spec's type, or an error message.
std::optional<ParameterValue> convert(const ParameterSpec &spec, const PropertyValue &value, std::string *error)
{
    const std::string what = "parameter '" + spec.name + "' ";
    switch (spec.type) {
    case ParameterSpec::Type::Int:
        if (const auto *i = std::get_if<std::int64_t>(&value)) return ParameterValue(*i);
        if (const auto *d = std::get_if<double>(&value); d && std::floor(*d) == *d && std::abs(*d) < 9.0e15)
            return ParameterValue(static_cast<std::int64_t>(*d));
        *error = what + "must be a whole number, got " + describeValue(value);
        return std::nullopt;
    case ParameterSpec::Type::Double:
        if (const auto *i = std::get_if<std::int64_t>(&value)) return ParameterValue(double(*i));
        if (const auto *d = std::get_if<double>(&value)) return ParameterValue(*d);
        *error = what + "must be a number, got " + describeValue(value);
        return std::nullopt;
    case ParameterSpec::Type::Bool:
        if (const auto *b = std::get_if<bool>(&value)) return ParameterValue(*b);
        *error = what + "must be true or false, got " + describeValue(value);
        return std::nullopt;
    case ParameterSpec::Type::Enum:
        if (const auto *s = std::get_if<std::string>(&value);
            s && std::find(spec.choices.begin(), spec.choices.end(), *s) != spec.choices.end())
            return ParameterValue(*s);
        *error = what + "must be one of " + joined(spec.choices) + ", got " + describeValue(value);
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace

ResolvedParameters resolveParameters(const StrategyInfo &info, const Properties &given)
{
    ResolvedParameters result;
    std::map<std::string, ParameterValue> values;
    for (const ParameterSpec &spec : info.parameters) values[spec.name] = spec.defaultValue;
    for (const Property &p : given) {
        auto spec = std::find_if(info.parameters.begin(), info.parameters.end(),
                                 [&](const ParameterSpec &s) { return s.name == p.name; });
        if (spec == info.parameters.end()) {
            std::vector<std::string> known;
            for (const auto &s : info.parameters) known.push_back(s.name);
            result.errors.push_back(
                "strategy '" + info.id + "' has no parameter '" + p.name + "'" +
                (known.empty() ? std::string(" (it takes none)") : " (it takes " + joined(known) + ")"));
            continue;
        }
        std::string error;
        auto converted = convert(*spec, p.value, &error);
        if (!converted) {
            result.errors.push_back(error);
            continue;
        }
        double number = 0;
        if (const auto *i = std::get_if<std::int64_t>(&*converted)) number = double(*i);
        if (const auto *d = std::get_if<double>(&*converted)) number = *d;
        if (!std::isfinite(number) || (spec->min && number < *spec->min) || (spec->max && number > *spec->max)) {
            result.errors.push_back("parameter '" + spec->name + "' = " + describeValue(p.value) + " is outside [" +
                                    (spec->min ? formatNumber(*spec->min) : std::string("-inf")) + ", " +
                                    (spec->max ? formatNumber(*spec->max) : std::string("inf")) + "]");
            continue;
        }
        values[spec->name] = *converted;
    }
    if (result.errors.empty()) result.values = ParameterValues(std::move(values));
    return result;
}

std::optional<PropertyValue> parseParameterText(const ParameterSpec &spec, const std::string &text, std::string *error)
{
    const std::string what = "parameter '" + spec.name + "' ";
    switch (spec.type) {
    case ParameterSpec::Type::Int:
        if (auto i = parseYamlInteger(text)) return PropertyValue(static_cast<std::int64_t>(*i));
        *error = what + "must be a whole number, got '" + text + "'";
        return std::nullopt;
    case ParameterSpec::Type::Double:
        if (auto d = parseYamlReal(text); d && std::isfinite(*d)) return PropertyValue(*d);
        *error = what + "must be a finite number, got '" + text + "'";
        return std::nullopt;
    case ParameterSpec::Type::Bool:
        if (text == "true" || text == "1") return PropertyValue(true);
        if (text == "false" || text == "0") return PropertyValue(false);
        *error = what + "must be true or false, got '" + text + "'";
        return std::nullopt;
    case ParameterSpec::Type::Enum: return PropertyValue(text); // checked against the choices by resolveParameters
    }
    return std::nullopt;
}

} // namespace railforge::document
