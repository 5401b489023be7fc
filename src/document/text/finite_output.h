// The last guard of the rule "every number RailForge writes is finite and every tangent unit":
// writers pass each number through here, so a bug upstream fails the command with an internal
// error and writes nothing, instead of handing an engine NaN.
#pragma once

#include "core/vec3.h"

#include <stdexcept>

namespace railforge::document {

// A writer met a number it must not write (NaN, infinity, a tangent that is not unit length).
class NonFiniteOutput : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

// `value`, or throws NonFiniteOutput when it is NaN or infinite.
double requireFinite(double value);

// `point`, or throws NonFiniteOutput when a component is not finite.
core::Vec3 requireFinite(core::Vec3 point);

// `tangent`, or throws NonFiniteOutput unless it is finite and of length 1 (to 1e-9).
core::Vec3 requireUnitTangent(core::Vec3 tangent);

// `up`, or throws NonFiniteOutput unless it is finite, unit (to 1e-9) and orthogonal to the unit
// `tangent` (|up . tangent| <= 1e-9).
core::Vec3 requireUnitUp(core::Vec3 up, core::Vec3 tangent);

} // namespace railforge::document
