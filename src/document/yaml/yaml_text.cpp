#include "document/yaml/yaml_text.h"

#include "document/text/finite_output.h"
#include "document/text/number_format.h"
#include "document/text/quoted_text.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace railforge::document {
namespace {

bool isReservedWord(std::string lower)
{
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    static const std::array<const char *, 11> words = {"true", "false", "yes", "no",  "on", "off",
                                                       "null", "y",     "n",   "nan", "inf"};
    return std::any_of(words.begin(), words.end(), [&](const char *w) { return lower == w; });
}

// Plain scalars are limited to a conservative alphabet that no YAML reader can misread.
bool isSafePlain(const std::string &text)
{
    if (text.empty() || isReservedWord(text)) return false;
    const auto first = static_cast<unsigned char>(text.front());
    if (!std::isalpha(first) && first != '_') return false;
    if (text.back() == ' ') return false;
    return std::all_of(text.begin(), text.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == '-' || c == '.' || c == '/' || c == ' ';
    });
}

} // namespace

std::string yamlString(const std::string &text)
{
    if (isSafePlain(text)) return text;
    std::string out;
    appendQuoted(out, text, QuoteStyle::Yaml);
    return out;
}

std::string yamlValue(const PropertyValue &value)
{
    struct Visitor {
        std::string operator()(const std::string &s) const { return yamlString(s); }
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return formatReal(requireFinite(d)); }
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(const Color &c) const { return "\"" + c.hex + "\""; }
    };
    return std::visit(Visitor{}, value);
}

std::string yamlProperties(const Properties &properties)
{
    std::string out = "{";
    for (std::size_t i = 0; i < properties.size(); ++i) {
        if (i) out += ", ";
        out += yamlString(properties[i].name) + ": " + yamlValue(properties[i].value);
    }
    return out + "}";
}

std::string yamlNumber(double value) { return formatNumber(requireFinite(value)); }

std::string yamlPoint(core::Vec3 p)
{
    return "[" + yamlNumber(p.x) + ", " + yamlNumber(p.y) + ", " + yamlNumber(p.z) + "]";
}

std::string yamlPoint2(double x, double y) { return "[" + yamlNumber(x) + ", " + yamlNumber(y) + "]"; }

} // namespace railforge::document
