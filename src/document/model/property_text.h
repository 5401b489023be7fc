// Custom property values as text, the way the inspector shows and takes them.
#pragma once

#include "document/model/property.h"

#include <optional>
#include <string>

namespace railforge::document {

// The value as the inspector shows it (reals in shortest round-trip form, colours as "#RRGGBB").
std::string propertyText(const PropertyValue &value);

// Reads `text` as a value of type `type` ("string", "int", "float", "bool", "color"); otherwise
// nothing, with the reason in `why`. Text of the form #RRGGBB is a colour by the file format's rule,
// so it is refused as a string.
std::optional<PropertyValue> parsePropertyText(const std::string &type, const std::string &text, std::string *why);

} // namespace railforge::document
