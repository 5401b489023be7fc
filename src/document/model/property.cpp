#include "document/model/property.h"

#include <algorithm>
#include <cctype>

namespace railforge::document {

const char *propertyTypeName(const PropertyValue &value)
{
    static constexpr const char *names[] = {"string", "int", "float", "bool", "color"};
    return names[value.index()];
}

bool isColorText(const std::string &text)
{
    if (text.size() != 7 && text.size() != 9) return false;
    if (text[0] != '#') return false;
    return std::all_of(text.begin() + 1, text.end(),
                       [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

bool isLookProperty(const Property &property) { return property.name == "colour" || property.name == "color"; }

const Property *findProperty(const Properties &properties, const std::string &name)
{
    auto it = std::find_if(properties.begin(), properties.end(), [&](const Property &p) { return p.name == name; });
    return it == properties.end() ? nullptr : &*it;
}

} // namespace railforge::document
