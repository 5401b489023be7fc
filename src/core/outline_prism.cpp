#include "core/outline_prism.h"

#include <cmath>

namespace railforge::core {
namespace {

using Point = std::array<double, 2>;

double cross(const Point &o, const Point &a, const Point &b)
{
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

double twiceArea(const std::vector<Point> &p)
{
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Point &a = p[i], &b = p[(i + 1) % p.size()];
        sum += a[0] * b[1] - b[0] * a[1];
    }
    return sum;
}

// Whether p lies inside triangle abc (counter-clockwise) or on its edges.
bool inside(const Point &p, const Point &a, const Point &b, const Point &c)
{
    return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

} // namespace

std::vector<std::uint32_t> triangulateOutline(const std::vector<Point> &outline)
{
    std::vector<std::uint32_t> out;
    const double area = twiceArea(outline);
    if (outline.size() < 3 || !(std::abs(area) > 0)) return out;
    // The corners still to cut, in counter-clockwise order.
    std::vector<std::uint32_t> left;
    for (std::size_t i = 0; i < outline.size(); ++i)
        left.push_back(std::uint32_t(area > 0 ? i : outline.size() - 1 - i));
    std::size_t misses = 0; // corners looked at since the last ear: a full round without one stalls
    for (std::size_t i = 0; left.size() > 3;) {
        if (misses >= left.size()) {
            // Stalled: only straight corners (three points on a line) are left to cut. They are kept
            // while they can be a neighbouring ear's corner, so no side meets a cap at a lone vertex;
            // here one goes with the nothing it covers.
            const std::size_t n = left.size();
            std::size_t straight = n;
            for (std::size_t k = 0; k < n && straight == n; ++k)
                if (cross(outline[left[(k + n - 1) % n]], outline[left[k]], outline[left[(k + 1) % n]]) == 0)
                    straight = k;
            if (straight == n) break; // a self-crossing outline: what was found so far
            left.erase(left.begin() + std::ptrdiff_t(straight));
            i = 0;
            misses = 0;
            continue;
        }
        const std::size_t n = left.size();
        const std::uint32_t ia = left[(i + n - 1) % n], ib = left[i % n], ic = left[(i + 1) % n];
        const Point &a = outline[ia], &b = outline[ib], &c = outline[ic];
        bool ear = cross(a, b, c) > 0; // a convex corner ...
        for (std::size_t k = 0; ear && k < n; ++k) {
            const std::uint32_t ik = left[k];
            if (ik == ia || ik == ib || ik == ic) continue;
            ear = !inside(outline[ik], a, b, c); // ... with no other corner in its triangle
        }
        if (!ear) {
            i = (i + 1) % n;
            ++misses;
            continue;
        }
        out.insert(out.end(), {ia, ib, ic});
        left.erase(left.begin() + std::ptrdiff_t(i % n));
        if (i >= left.size()) i = 0;
        misses = 0;
    }
    if (left.size() == 3) out.insert(out.end(), {left[0], left[1], left[2]});
    return out;
}

PrismMesh outlinePrism(const std::vector<Point> &outline, double length)
{
    PrismMesh mesh;
    const std::size_t n = outline.size();
    const double area = twiceArea(outline);
    if (n < 3 || !(std::abs(area) > 0)) return mesh;
    // Counter-clockwise, so each side's outward normal is its edge turned clockwise.
    std::vector<Point> ccw = outline;
    if (area < 0) ccw.assign(outline.rbegin(), outline.rend());
    const double h = length / 2;
    auto add = [&](const Point &p, double z, Vec3 normal) {
        mesh.positions.push_back({p[0], p[1], z});
        mesh.normals.push_back(normal);
        return std::uint32_t(mesh.positions.size() - 1);
    };
    for (std::size_t k = 0; k < n; ++k) {
        const Point &p = ccw[k], &q = ccw[(k + 1) % n];
        const double dx = q[0] - p[0], dy = q[1] - p[1], len = std::hypot(dx, dy);
        if (!(len > 0)) continue;
        const Vec3 normal{dy / len, -dx / len, 0};
        const std::uint32_t a = add(p, -h, normal), b = add(q, -h, normal), c = add(q, h, normal),
                            d = add(p, h, normal);
        mesh.indices.insert(mesh.indices.end(), {a, b, c, a, c, d});
    }
    const std::vector<std::uint32_t> cap = triangulateOutline(ccw);
    for (const double z : {h, -h}) {
        const std::uint32_t first = std::uint32_t(mesh.positions.size());
        for (const Point &p : ccw) add(p, z, {0, 0, z > 0 ? 1.0 : -1.0});
        for (std::size_t t = 0; t + 2 < cap.size(); t += 3) {
            if (z > 0)
                mesh.indices.insert(mesh.indices.end(), {first + cap[t], first + cap[t + 1], first + cap[t + 2]});
            else
                mesh.indices.insert(mesh.indices.end(), {first + cap[t], first + cap[t + 2], first + cap[t + 1]});
        }
    }
    return mesh;
}

} // namespace railforge::core
