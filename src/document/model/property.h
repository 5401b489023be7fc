// Typed custom properties, as on every level object (like Tiled's custom properties).
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace railforge::document {

// A colour written as "#RRGGBB" or "#RRGGBBAA" (kept as text so it round-trips byte for byte).
struct Color {
    std::string hex;
    friend bool operator==(const Color &, const Color &) = default;
};

// One property value: string, integer, real number, bool or colour.
using PropertyValue = std::variant<std::string, std::int64_t, double, bool, Color>;

// A named value; properties keep the order the designer gave them.
struct Property {
    std::string name;
    PropertyValue value;
    friend bool operator==(const Property &, const Property &) = default;
};

using Properties = std::vector<Property>;

// The type names shown to users: "string", "int", "float", "bool", "color".
const char *propertyTypeName(const PropertyValue &value);

// True when text is "#RRGGBB" or "#RRGGBBAA" with hex digits.
bool isColorText(const std::string &text);

// Whether a property says how its object is drawn, not what it is: "colour" (or "color"), the
// colour the plan draws the object in.
bool isLookProperty(const Property &property);

// Finds a property by name, or nullptr.
const Property *findProperty(const Properties &properties, const std::string &name);

} // namespace railforge::document
