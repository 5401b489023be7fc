// Rays against the ground (core/ground.h firstHit): the first surface a line of sight meets, for
// clicks in a 3D view. Meshes go down their hierarchy of boxes nearest first; height grids are
// walked cell by cell, each cell's bilinear patch met exactly.
#include "core/ground.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::core {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool finite(Vec3 p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

// The part [enter, leave] of t in [lo, hi] where origin + t d lies within [b0, b1] on one axis;
// false when none.
bool clipAxis(double o, double d, double b0, double b1, double &lo, double &hi)
{
    if (d == 0.0) return o >= b0 && o <= b1;
    double a = (b0 - o) / d, b = (b1 - o) / d;
    if (a > b) std::swap(a, b);
    lo = std::max(lo, a);
    hi = std::min(hi, b);
    return lo <= hi;
}

// Where the ray meets the triangle's plane inside it (edges included, within a relative 1e-12),
// either side; Moller-Trumbore in doubles.
std::optional<double> rayTriangle(Vec3 o, Vec3 d, const GroundTriangle &t)
{
    const Vec3 e1 = t.b - t.a, e2 = t.c - t.a;
    const Vec3 p = cross(d, e2);
    const double det = dot(e1, p);
    if (det == 0.0 || !std::isfinite(det)) return std::nullopt; // parallel to the plane
    const double inv = 1.0 / det;
    const Vec3 s = o - t.a;
    const double u = dot(s, p) * inv;
    constexpr double kSlack = 1e-12;
    if (u < -kSlack || u > 1 + kSlack) return std::nullopt;
    const Vec3 q = cross(s, e1);
    const double v = dot(d, q) * inv;
    if (v < -kSlack || u + v > 1 + kSlack) return std::nullopt;
    return dot(e2, q) * inv;
}

// The least root of a t^2 + b t + c in [lo, hi].
std::optional<double> firstRoot(double a, double b, double c, double lo, double hi)
{
    auto inside = [&](double t) { return t >= lo && t <= hi; };
    const double scale = std::max({std::abs(b), std::abs(c), 1e-300});
    if (std::abs(a) <= 1e-14 * scale) {
        if (b == 0.0) return c == 0.0 ? std::optional(lo) : std::nullopt;
        const double t = -c / b;
        return inside(t) ? std::optional(t) : std::nullopt;
    }
    const double disc = b * b - 4 * a * c;
    if (disc < 0) return std::nullopt;
    // The stable pair of roots (no cancellation between b and the square root).
    const double qq = -0.5 * (b + std::copysign(std::sqrt(disc), b));
    double r1 = qq / a, r2 = qq != 0.0 ? c / qq : r1;
    if (r1 > r2) std::swap(r1, r2);
    if (inside(r1)) return r1;
    if (inside(r2)) return r2;
    return std::nullopt;
}

} // namespace

std::optional<double> GroundMesh::firstHit(Vec3 origin, Vec3 direction, double far) const
{
    if (m_nodes.empty() || !finite(origin) || !finite(direction) || !(far >= 0)) return std::nullopt;
    // Where the ray enters child i's box before `limit`, if it does (an empty slot: never).
    auto entry = [&](const Node &n, int i, double limit) -> std::optional<double> {
        if (n.child[i] == std::numeric_limits<std::uint32_t>::max()) return std::nullopt;
        double lo = 0.0, hi = limit;
        if (!clipAxis(origin.x, direction.x, n.x0[i], n.x1[i], lo, hi) ||
            !clipAxis(origin.y, direction.y, n.y0[i], n.y1[i], lo, hi) ||
            !clipAxis(origin.z, direction.z, n.z0[i], n.z1[i], lo, hi))
            return std::nullopt;
        return lo;
    };
    double best = far;
    bool hit = false;
    // A child still to visit, with where the ray enters its box.
    struct Visit {
        double enter;
        std::uint32_t child, count;
    };
    Visit stack[96]; // as GroundMesh::query: seven children left by each of at most 10 levels
    int depth = 0;
    stack[depth++] = {0.0, 0, 0};
    while (depth > 0) {
        const Visit v = stack[--depth];
        if (v.enter > best) continue; // the best found since it was pushed is nearer than its box
        if (v.count > 0) {
            for (unsigned k = 0; k < (v.count & kCountBits); ++k)
                if (const auto t = rayTriangle(origin, direction, leafTriangle(v.child, v.count, k));
                    t && *t >= 0 && *t <= best) {
                    best = *t;
                    hit = true;
                }
            continue;
        }
        const Node &n = m_nodes[v.child];
        // Pushed farthest first, so the nearest is searched first and its hit prunes the others.
        Visit found[kWidth];
        int k = 0;
        for (int i = 0; i < kWidth; ++i) {
            const auto t = entry(n, i, best);
            if (!t) continue;
            Visit c{*t, n.child[i], n.count[i]};
            int j = k++;
            for (; j > 0 && found[j - 1].enter < c.enter; --j) found[j] = found[j - 1];
            found[j] = c;
        }
        for (int j = 0; j < k; ++j) stack[depth++] = found[j];
    }
    return hit ? std::optional(best) : std::nullopt;
}

std::optional<double> HeightGrid::firstHit(Vec3 origin, Vec3 direction, double far) const
{
    if (!finite(origin) || !finite(direction) || !(far >= 0)) return std::nullopt;
    double lo = 0.0, hi = far;
    if (!clipAxis(origin.x, direction.x, m_x0, m_x1, lo, hi) || !clipAxis(origin.y, direction.y, m_y0, m_y1, lo, hi))
        return std::nullopt;
    if (direction.x == 0.0 && direction.y == 0.0) {
        // Straight up or down: the one height there.
        const auto h = highest(origin.x, origin.y);
        if (!h || direction.z == 0.0) return std::nullopt;
        const double t = (*h - origin.z) / direction.z;
        return t >= 0 && t <= far ? std::optional(t) : std::nullopt;
    }
    const double cw = (m_x1 - m_x0) / (m_width - 1), ch = (m_y1 - m_y0) / (m_height - 1);
    // The cell the ray enters first (a hair past the entry, so a start on a line picks the cell ahead).
    const double probe = lo + 1e-9 * std::max(1.0, hi - lo);
    int c = std::clamp(int(std::floor((origin.x + probe * direction.x - m_x0) / cw)), 0, m_width - 2);
    int r = std::clamp(int(std::floor((m_y1 - (origin.y + probe * direction.y)) / ch)), 0, m_height - 2);
    const int stepC = direction.x > 0 ? 1 : -1;
    const int stepR = direction.y < 0 ? 1 : -1; // rows count down from the north edge
    double t = lo;
    for (int guard = 0; guard < 4 * (m_width + m_height) && t <= hi; ++guard) {
        const double xc = m_x0 + c * cw, yr = m_y1 - r * ch; // the cell's west and north edges
        const double tx = direction.x == 0.0 ? kInf : ((direction.x > 0 ? xc + cw : xc) - origin.x) / direction.x;
        const double ty = direction.y == 0.0 ? kInf : ((direction.y < 0 ? yr - ch : yr) - origin.y) / direction.y;
        const double leave = std::min({tx, ty, hi});
        // Over the cell: u = (x - xc) / cw and v = (yr - y) / ch are linear in t, the bilinear height
        // quadratic, and so is the ray's height above it.
        const double a = at(c, r), b = at(c + 1, r), cc = at(c, r + 1), d = at(c + 1, r + 1);
        const double k = a - b - cc + d;
        const double u0 = (origin.x - xc) / cw, du = direction.x / cw;
        const double v0 = (yr - origin.y) / ch, dv = -direction.y / ch;
        const double h0 = a + (b - a) * u0 + (cc - a) * v0 + k * u0 * v0;
        const double h1 = (b - a) * du + (cc - a) * dv + k * (u0 * dv + v0 * du);
        const double h2 = k * du * dv;
        if (const auto root = firstRoot(-h2, direction.z - h1, origin.z - h0, t, leave)) return root;
        if (leave >= hi) break;
        t = leave;
        if (tx <= ty) c += stepC;
        if (ty <= tx) r += stepR;
        if (c < 0 || c > m_width - 2 || r < 0 || r > m_height - 2) break;
    }
    return std::nullopt;
}

std::optional<double> GroundSet::firstHit(Vec3 origin, Vec3 direction, double far) const
{
    std::optional<double> best;
    for (const auto &s : m_sources)
        if (const auto t = s->firstHit(origin, direction, best ? *best : far)) best = t;
    return best;
}

} // namespace railforge::core
