#include "core/ground.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace railforge::core {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A double as a float no larger (down) or no smaller (up): boxes only ever grow.
float down(double v)
{
    float f = float(v);
    if (double(f) > v) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
    return f;
}
float up(double v)
{
    float f = float(v);
    if (double(f) < v) f = std::nextafter(f, std::numeric_limits<float>::infinity());
    return f;
}

bool finite(Vec3 p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

// Twice the signed plan area of (a, b, c).
double planArea2(Vec3 a, Vec3 b, Vec3 c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

bool isVertical(const GroundTriangle &t)
{
    const double scale =
        std::max({std::abs(t.b.x - t.a.x), std::abs(t.c.x - t.a.x), std::abs(t.b.y - t.a.y), std::abs(t.c.y - t.a.y)});
    return !(std::abs(planArea2(t.a, t.b, t.c)) > 1e-14 * scale * scale);
}

// triangleHeightAt for a triangle known not to be vertical (the mesh keeps no other): the same
// arithmetic, so the same answers.
std::optional<double> heightInside(const GroundTriangle &t, double x, double y)
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

} // namespace

std::optional<double> triangleHeightAt(const GroundTriangle &t, double x, double y)
{
    if (isVertical(t)) return std::nullopt; // covers nothing seen from above
    return heightInside(t, x, y);
}

GroundMesh::GroundMesh(std::vector<GroundTriangle> triangles)
{
    m_triangles.reserve(triangles.size());
    for (const GroundTriangle &t : triangles) {
        if (!finite(t.a) || !finite(t.b) || !finite(t.c) || isVertical(t)) continue;
        m_triangles.push_back(t);
    }
    if (m_triangles.size() >= std::numeric_limits<std::uint32_t>::max() / 2)
        throw std::invalid_argument("too many ground triangles");
    if (!m_triangles.empty()) {
        m_nodes.reserve(m_triangles.size() / 4 + 1);
        build(0, std::uint32_t(m_triangles.size()));
    }
}

std::uint32_t GroundMesh::build(std::uint32_t first, std::uint32_t count)
{
    double x0 = kInf, y0 = kInf, x1 = -kInf, y1 = -kInf, z0 = kInf, z1 = -kInf;
    for (std::uint32_t i = first; i < first + count; ++i)
        for (const Vec3 &p : {m_triangles[i].a, m_triangles[i].b, m_triangles[i].c}) {
            x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
            y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
            z0 = std::min(z0, p.z), z1 = std::max(z1, p.z);
        }
    // Widened by the triangles' own edge slack, so a point on an outer edge is not cut off here.
    const double sx = 1e-9 * std::max({1.0, std::abs(x0), std::abs(x1)});
    const double sy = 1e-9 * std::max({1.0, std::abs(y0), std::abs(y1)});
    const Node node{down(x0 - sx), down(y0 - sy), up(x1 + sx), up(y1 + sy), down(z0), up(z1), first, count};
    const std::uint32_t index = std::uint32_t(m_nodes.size());
    m_nodes.push_back(node);
    constexpr std::uint32_t kLeafSize = 8;
    if (count <= kLeafSize) return index;
    // Split at the median of the triangles' plan centres along the box's longer side.
    const bool alongX = node.x1 - node.x0 >= node.y1 - node.y0;
    auto centre = [alongX](const GroundTriangle &t) { return alongX ? t.a.x + t.b.x + t.c.x : t.a.y + t.b.y + t.c.y; };
    const std::uint32_t half = count / 2;
    std::nth_element(m_triangles.begin() + first, m_triangles.begin() + first + half,
                     m_triangles.begin() + first + count,
                     [&](const GroundTriangle &a, const GroundTriangle &b) { return centre(a) < centre(b); });
    // Depth-first order: the left child is the next node, the right one is remembered in `first`.
    build(first, half);
    const std::uint32_t right = build(first + half, count - half);
    m_nodes[index].count = 0;
    m_nodes[index].first = right;
    return index;
}

std::optional<double> GroundMesh::query(double x, double y, double ceiling) const
{
    if (m_nodes.empty() || !std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
    double best = -kInf;
    std::uint32_t stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const std::uint32_t index = stack[--top];
        const Node &n = m_nodes[index];
        // Outside the box, or nothing in it can beat the best.
        if (x < n.x0 || x > n.x1 || y < n.y0 || y > n.y1 || n.z1 <= best || n.z0 > ceiling) continue;
        if (n.count > 0) {
            for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
                const GroundTriangle &t = m_triangles[i];
                // A cheap look at the triangle's own box first (most of a leaf's triangles are beside the point).
                if ((x < t.a.x && x < t.b.x && x < t.c.x) || (x > t.a.x && x > t.b.x && x > t.c.x) ||
                    (y < t.a.y && y < t.b.y && y < t.c.y) || (y > t.a.y && y > t.b.y && y > t.c.y))
                    continue;
                if (const auto h = heightInside(t, x, y); h && *h <= ceiling && *h > best) best = *h;
            }
            continue;
        }
        const std::uint32_t a = index + 1, b = n.first;
        // The child that reaches higher is searched first: its answer prunes the other.
        if (m_nodes[a].z1 >= m_nodes[b].z1) {
            stack[top++] = b;
            stack[top++] = a;
        } else {
            stack[top++] = a;
            stack[top++] = b;
        }
    }
    if (best == -kInf) return std::nullopt;
    return best;
}

PlanBox GroundMesh::bounds() const
{
    if (m_nodes.empty()) return {};
    const Node &root = m_nodes.front();
    return {root.x0, root.y0, root.x1, root.y1};
}

std::optional<double> GroundMesh::highest(double x, double y) const { return query(x, y, kInf); }

std::optional<double> GroundMesh::highestBelow(double x, double y, double z) const
{
    if (std::isnan(z)) return std::nullopt;
    return query(x, y, z);
}

HeightGrid::HeightGrid(int width, int height, std::vector<double> heights, double x0, double y0, double x1, double y1)
    : m_width(width), m_height(height), m_heights(std::move(heights)), m_x0(x0), m_y0(y0), m_x1(x1), m_y1(y1)
{
    if (width < 2 || height < 2 || m_heights.size() != std::size_t(width) * std::size_t(height))
        throw std::invalid_argument("a height grid needs at least 2 x 2 heights, width * height of them");
    if (!(x0 < x1) || !(y0 < y1)) throw std::invalid_argument("a height grid's rectangle needs x0 < x1 and y0 < y1");
}

std::optional<double> HeightGrid::highest(double x, double y) const
{
    if (!(x >= m_x0 && x <= m_x1 && y >= m_y0 && y <= m_y1)) return std::nullopt;
    const double fc = (x - m_x0) / (m_x1 - m_x0) * (m_width - 1);
    const double fr = (m_y1 - y) / (m_y1 - m_y0) * (m_height - 1);
    const int c = std::clamp(int(std::floor(fc)), 0, m_width - 2);
    const int r = std::clamp(int(std::floor(fr)), 0, m_height - 2);
    const double u = fc - c, v = fr - r;
    const double top = at(c, r) * (1 - u) + at(c + 1, r) * u;
    const double bottom = at(c, r + 1) * (1 - u) + at(c + 1, r + 1) * u;
    return top * (1 - v) + bottom * v;
}

std::optional<double> HeightGrid::highestBelow(double x, double y, double z) const
{
    const auto h = highest(x, y);
    if (!h || !(*h <= z)) return std::nullopt;
    return h;
}

std::optional<double> GroundSet::highest(double x, double y) const
{
    std::optional<double> best;
    for (const auto &s : m_sources)
        if (const auto h = s->highest(x, y); h && (!best || *h > *best)) best = h;
    return best;
}

std::optional<double> GroundSet::highestBelow(double x, double y, double z) const
{
    std::optional<double> best;
    for (const auto &s : m_sources)
        if (const auto h = s->highestBelow(x, y, z); h && (!best || *h > *best)) best = h;
    return best;
}

PlanBox GroundSet::bounds() const
{
    PlanBox box;
    for (const auto &s : m_sources) {
        const PlanBox b = s->bounds();
        if (b.empty()) continue;
        if (box.empty()) {
            box = b;
            continue;
        }
        box = {std::min(box.x0, b.x0), std::min(box.y0, b.y0), std::max(box.x1, b.x1), std::max(box.y1, b.y1)};
    }
    return box;
}

std::optional<double> GroundSet::under(double x, double y, double z) const
{
    if (const auto below = highestBelow(x, y, z)) return below;
    return highest(x, y);
}

std::vector<double> GroundSet::surfacesAt(double x, double y, std::size_t most) const
{
    std::vector<double> out;
    // Down from the top: each next surface is the highest one clearly below the last.
    for (auto h = highest(x, y); h && out.size() < most; h = highestBelow(x, y, *h - kSurfaceGap)) out.push_back(*h);
    return out;
}

std::optional<double> GroundSet::nearestSurface(double x, double y, double reference) const
{
    if (!std::isfinite(reference)) return highest(x, y);
    std::optional<double> best;
    for (double h : surfacesAt(x, y))
        if (!best || std::abs(h - reference) < std::abs(*best - reference)) best = h; // highest first: ties stay high
    return best;
}

} // namespace railforge::core
