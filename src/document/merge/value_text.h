// Values as merge conflicts and diffs tell them to people: shortest numbers, points as (x, y, z).
#pragma once

#include "core/vec3.h"
#include "document/model/level.h"

#include <string>

namespace railforge::document {

// "(1, 2.5, 0)".
std::string pointText(const core::Vec3 &p);
// A property's value as YAML would spell it ("3", "true", "'text'", "#ff0000").
std::string propertyValueText(const PropertyValue &value);
// "'main'" (an id in quotes).
std::string quotedId(const std::string &id);

} // namespace railforge::document
