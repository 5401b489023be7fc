#include "document/text/finite_output.h"

#include "document/text/number_format.h"

#include <cmath>

namespace railforge::document {

double requireFinite(double value)
{
    if (!std::isfinite(value))
        throw NonFiniteOutput("a " + formatNumber(value) + " was about to be written (a bug: please report it)");
    return value;
}

core::Vec3 requireFinite(core::Vec3 point)
{
    requireFinite(point.x);
    requireFinite(point.y);
    requireFinite(point.z);
    return point;
}

core::Vec3 requireUnitTangent(core::Vec3 tangent)
{
    requireFinite(tangent);
    if (!(std::abs(core::length(tangent) - 1.0) <= 1e-9))
        throw NonFiniteOutput("a tangent of length " + formatNumber(core::length(tangent)) +
                              " was about to be written instead of a unit vector (a bug: please report it)");
    return tangent;
}

core::Vec3 requireUnitUp(core::Vec3 up, core::Vec3 tangent)
{
    requireUnitTangent(up);
    if (!(std::abs(core::dot(up, tangent)) <= 1e-9))
        throw NonFiniteOutput("an up vector not orthogonal to its tangent (dot " +
                              formatNumber(core::dot(up, tangent)) +
                              ") was about to be written (a bug: please report it)");
    return up;
}

} // namespace railforge::document
