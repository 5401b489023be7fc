// Vec3: the one point/vector type of the geometry core (double precision, no Qt).
#pragma once

#include <cmath>

namespace railforge::core {

// A 3D point or vector; 2D data uses z = 0.
struct Vec3 {
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;

    friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    friend constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
    friend constexpr Vec3 operator*(Vec3 a, double s) { return {a.x * s, a.y * s, a.z * s}; }
    friend constexpr Vec3 operator*(double s, Vec3 a) { return a * s; }
    friend constexpr Vec3 operator/(Vec3 a, double s) { return {a.x / s, a.y / s, a.z / s}; }
    constexpr Vec3 &operator+=(Vec3 b)
    {
        x += b.x;
        y += b.y;
        z += b.z;
        return *this;
    }
    constexpr Vec3 &operator-=(Vec3 b)
    {
        x -= b.x;
        y -= b.y;
        z -= b.z;
        return *this;
    }
    constexpr Vec3 &operator*=(double s)
    {
        x *= s;
        y *= s;
        z *= s;
        return *this;
    }
    friend constexpr bool operator==(Vec3 a, Vec3 b) = default;
};

// Dot product.
constexpr double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
// Cross product.
constexpr Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
// Squared Euclidean length.
constexpr double lengthSquared(Vec3 a) { return dot(a, a); }
// Largest absolute component (NaN components are skipped).
inline double maxAbsComponent(Vec3 a) { return std::fmax(std::fabs(a.x), std::fmax(std::fabs(a.y), std::fabs(a.z))); }
// Euclidean length, accurate at any magnitude: where the squared length would lose its digits to
// underflow (a vector 1e-162 long squares to a subnormal) or overflow, the components are scaled first.
inline double length(Vec3 a)
{
    const double squared = lengthSquared(a);
    if (squared >= 1e-290 && squared <= 1e290) // the common case: one branch, no division
        return std::sqrt(squared);
    const double m = maxAbsComponent(a);
    if (!(m > 0.0) || std::isinf(m)) return std::isnan(squared) ? squared : m; // 0, infinity, or NaN
    return m * std::sqrt(lengthSquared(a / m));
}
// Distance between two points.
inline double distance(Vec3 a, Vec3 b) { return length(a - b); }
// Linear interpolation a + t (b - a).
constexpr Vec3 lerp(Vec3 a, Vec3 b, double t) { return a + (b - a) * t; }
// a at unit length, or the zero vector when a is zero or not finite. Scales by the largest component
// first, so vectors as short as 1e-320 (whose squared length underflows to 0) or as long as 1e300
// (whose squared length overflows) still give their direction.
inline Vec3 unitOrZero(Vec3 a)
{
    const double m = maxAbsComponent(a);
    if (!(m > 0.0) || !std::isfinite(m)) return Vec3{};
    const Vec3 scaled = a / m;
    return scaled / length(scaled);
}
// True when every component is finite (no NaN, no infinity).
inline bool isFinite(Vec3 a) { return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z); }

} // namespace railforge::core
