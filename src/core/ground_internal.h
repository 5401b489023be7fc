// What the ground's files share and nothing else needs: the one triangle test every ground answer
// comes from, and doubles rounded to floats outwards for the mesh's boxes.
#pragma once

#include "core/ground.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace railforge::core::ground_internal {

constexpr float kFloatMax = std::numeric_limits<float>::max();
constexpr float kFloatInf = std::numeric_limits<float>::infinity();

// A double as the nearest float, beyond the float range as an infinity (never undefined behaviour).
// Rounding is monotonic: v >= f for a float f gives toFloat(v) >= f, so a point inside a float box
// stays inside once its coordinates are floats.
inline float toFloat(double v)
{
    if (v > double(kFloatMax)) return kFloatInf;
    if (v < -double(kFloatMax)) return -kFloatInf;
    return float(v);
}

// A double as a float no larger (down) or no smaller (up): boxes only ever grow.
inline float down(double v)
{
    float f = toFloat(v);
    if (double(f) > v) f = std::nextafter(f, -kFloatInf);
    return f;
}
inline float up(double v)
{
    float f = toFloat(v);
    if (double(f) < v) f = std::nextafter(f, kFloatInf);
    return f;
}

// Twice the signed plan area of (a, b, c).
inline double planArea2(Vec3 a, Vec3 b, Vec3 c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

inline bool isVertical(const GroundTriangle &t)
{
    const double scale =
        std::max({std::abs(t.b.x - t.a.x), std::abs(t.c.x - t.a.x), std::abs(t.b.y - t.a.y), std::abs(t.c.y - t.a.y)});
    return !(std::abs(planArea2(t.a, t.b, t.c)) > 1e-14 * scale * scale);
}

// triangleHeightAt for a triangle known not to be vertical (the mesh keeps no other): the same
// arithmetic, so the same answers. Inline: the mesh's queries call it in their inner loop.
inline std::optional<double> heightInside(const GroundTriangle &t, double x, double y)
{
    const double area = planArea2(t.a, t.b, t.c);
    const Vec3 p{x, y, 0.0};
    // Barycentric weights from the sub-areas; inside when none is negative (edges included with a
    // little slack, relative to the triangle's size).
    const double wb = planArea2(t.a, p, t.c) / area;
    const double wc = planArea2(t.a, t.b, p) / area;
    const double wa = 1.0 - wb - wc;
    constexpr double kSlack = -1e-12;
    if (wa < kSlack || wb < kSlack || wc < kSlack) return std::nullopt;
    // From a's height (flat triangles stay exactly flat; round numbers stay round where they can).
    return t.a.z + wb * (t.b.z - t.a.z) + wc * (t.c.z - t.a.z);
}

// How far past its box a point can lie and still be taken by heightInside's slack: the boxes of
// nodes and of leaf triangles grow by this on each side (1e-9 of the coordinates' size, far more than
// the 1e-12 of the triangle's size the slack allows, plus rounding).
inline double boxSlack(double lo, double hi) { return 1e-9 * std::max({1.0, std::abs(lo), std::abs(hi)}); }

} // namespace railforge::core::ground_internal
