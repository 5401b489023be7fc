// Small pieces of YAML text shared by the level writer and the engine exporter.
#pragma once

#include "core/vec3.h"
#include "document/model/property.h"

#include <string>

namespace railforge::document {

// A string as a YAML scalar: plain when unambiguous, double-quoted with escapes otherwise.
std::string yamlString(const std::string &text);

// A property value in its YAML form (reals always carry a '.', colours are quoted).
std::string yamlValue(const PropertyValue &value);

// A flow mapping of properties: {a: 1, b: "x"}.
std::string yamlProperties(const Properties &properties);

// A number for a written file: shortest round-trip text, never NaN or infinity (those throw
// NonFiniteOutput: the writer fails instead of writing bad data).
std::string yamlNumber(double value);

// [x, y, z] with shortest round-trip numbers (finite: see yamlNumber).
std::string yamlPoint(core::Vec3 p);

// [x, y].
std::string yamlPoint2(double x, double y);

} // namespace railforge::document
