#include "navmesh/walkable_input.h"

#include "navmesh/recast_space.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace railforge::nav {
namespace {

bool finite(const core::GroundTriangle &t)
{
    for (const core::Vec3 &p : {t.a, t.b, t.c})
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return false;
    return true;
}

core::PlanBox planBox(const core::GroundTriangle &t)
{
    return {std::min({t.a.x, t.b.x, t.c.x}), std::min({t.a.y, t.b.y, t.c.y}), std::max({t.a.x, t.b.x, t.c.x}),
            std::max({t.a.y, t.b.y, t.c.y})};
}

void include(core::PlanBox &box, const core::PlanBox &other)
{
    if (other.empty()) return;
    if (box.empty()) {
        box = other;
        return;
    }
    box = {std::min(box.x0, other.x0), std::min(box.y0, other.y0), std::max(box.x1, other.x1),
           std::max(box.y1, other.y1)};
}

// The index of the cell `v` (in cells from the origin) falls in, among n; clamped before it becomes an
// int, so that a coordinate far out cannot overflow.
int cellIndex(double v, int n) { return int(std::clamp(std::floor(v), 0.0, double(n - 1))); }

void append(std::vector<float> &out, const core::Vec3 &a, const core::Vec3 &b, const core::Vec3 &c)
{
    float v[9];
    toRecast(a, v);
    toRecast(b, v + 3);
    toRecast(c, v + 6);
    out.insert(out.end(), v, v + 9);
}

} // namespace

bool boxesMeet(const core::PlanBox &a, const core::PlanBox &b)
{
    return !a.empty() && !b.empty() && a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}

core::PlanBox grown(const core::PlanBox &box, double margin)
{
    return {box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin};
}

core::PlanBox Solid::box() const
{
    if (circle) {
        const double r = std::max(0.0, circle->radius);
        return {circle->center.x - r, circle->center.y - r, circle->center.x + r, circle->center.y + r};
    }
    core::PlanBox out;
    for (const core::Point2d &p : outline) include(out, {p.x, p.y, p.x, p.y});
    return out;
}

bool Solid::contains(double x, double y) const
{
    if (circle) return std::hypot(x - circle->center.x, y - circle->center.y) <= circle->radius;
    // Crossings of a ray to +x: odd is inside.
    bool inside = false;
    for (std::size_t i = 0, j = outline.size() - 1; i < outline.size(); j = i++) {
        const core::Point2d a = outline[i], b = outline[j];
        if ((a.y > y) != (b.y > y) && x < a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)) inside = !inside;
    }
    return inside;
}

void WalkableInput::addMesh(std::shared_ptr<const std::vector<core::GroundTriangle>> triangles)
{
    for (const core::GroundTriangle &t : *triangles)
        if (finite(t)) include(m_bounds, planBox(t));
    m_meshes.push_back(std::move(triangles));
}

void WalkableInput::addGrid(std::shared_ptr<const core::HeightGrid> grid)
{
    include(m_bounds, grid->bounds());
    m_grids.push_back(std::move(grid));
}

std::int64_t WalkableInput::triangleCount() const
{
    std::int64_t n = 0;
    for (const auto &mesh : m_meshes) n += std::int64_t(mesh->size());
    for (const auto &grid : m_grids) n += 2 * std::int64_t(grid->width() - 1) * (grid->height() - 1);
    return n;
}

void WalkableInput::index()
{
    m_bins = {};
    if (m_bounds.empty() || m_meshes.empty()) return;
    // About four triangles a bin where they are spread evenly, and never more than a few million bins.
    const double w = m_bounds.x1 - m_bounds.x0, h = m_bounds.y1 - m_bounds.y0;
    std::int64_t triangles = 0;
    for (const auto &mesh : m_meshes) triangles += std::int64_t(mesh->size());
    double side = std::sqrt(std::max(w * h, 1e-12) / std::max<double>(1.0, triangles / 4.0));
    if (!(side > 0.0) || !std::isfinite(side)) side = 1.0;
    while ((w / side + 2) * (h / side + 2) > 4e6) side *= 2;
    m_bins.side = side;
    m_bins.columns = std::max(1, int(std::ceil((m_bounds.x1 - m_bounds.x0) / side)) + 1);
    m_bins.rows = std::max(1, int(std::ceil((m_bounds.y1 - m_bounds.y0) / side)) + 1);
    const auto binRange = [this](const core::PlanBox &b) {
        const auto clampTo = cellIndex;
        return std::array<int, 4>{clampTo((b.x0 - m_bounds.x0) / m_bins.side, m_bins.columns),
                                  clampTo((b.y0 - m_bounds.y0) / m_bins.side, m_bins.rows),
                                  clampTo((b.x1 - m_bounds.x0) / m_bins.side, m_bins.columns),
                                  clampTo((b.y1 - m_bounds.y0) / m_bins.side, m_bins.rows)};
    };
    // Two passes: count each bin's triangles, then place them (one array, no list per bin).
    std::vector<std::uint32_t> counts(std::size_t(m_bins.columns) * std::size_t(m_bins.rows) + 1, 0);
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            m_bins.start.assign(counts.size(), 0);
            for (std::size_t i = 1; i < counts.size(); ++i) m_bins.start[i] = m_bins.start[i - 1] + counts[i - 1];
            m_bins.items.resize(m_bins.start.back());
            std::copy(m_bins.start.begin(), m_bins.start.end(), counts.begin()); // next free slot per bin
        }
        for (std::size_t m = 0; m < m_meshes.size(); ++m) {
            const auto &mesh = *m_meshes[m];
            for (std::size_t t = 0; t < mesh.size(); ++t) {
                if (!finite(mesh[t])) continue;
                const auto [c0, r0, c1, r1] = binRange(planBox(mesh[t]));
                for (int r = r0; r <= r1; ++r)
                    for (int c = c0; c <= c1; ++c) {
                        const std::size_t bin = std::size_t(r) * std::size_t(m_bins.columns) + std::size_t(c);
                        if (pass == 0)
                            ++counts[bin];
                        else
                            m_bins.items[counts[bin]++] = std::uint64_t(m) << 32 | std::uint64_t(t);
                    }
            }
        }
    }
}

void WalkableInput::trianglesIn(const core::PlanBox &box, std::vector<float> &out) const
{
    if (m_bins.columns > 0 && boxesMeet(box, m_bounds)) {
        const auto clampTo = cellIndex;
        const int c0 = clampTo((box.x0 - m_bounds.x0) / m_bins.side, m_bins.columns);
        const int c1 = clampTo((box.x1 - m_bounds.x0) / m_bins.side, m_bins.columns);
        const int r0 = clampTo((box.y0 - m_bounds.y0) / m_bins.side, m_bins.rows);
        const int r1 = clampTo((box.y1 - m_bounds.y0) / m_bins.side, m_bins.rows);
        std::vector<std::uint64_t> found;
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c) {
                const std::size_t bin = std::size_t(r) * std::size_t(m_bins.columns) + std::size_t(c);
                found.insert(found.end(), m_bins.items.begin() + m_bins.start[bin],
                             m_bins.items.begin() + m_bins.start[bin + 1]);
            }
        // A triangle over several bins is found in each; its order is the input's.
        std::sort(found.begin(), found.end());
        found.erase(std::unique(found.begin(), found.end()), found.end());
        for (const std::uint64_t item : found) {
            const core::GroundTriangle &t = (*m_meshes[item >> 32])[item & 0xFFFFFFFFu];
            if (boxesMeet(planBox(t), box)) append(out, t.a, t.b, t.c);
        }
    }
    for (const auto &grid : m_grids) gridTrianglesIn(*grid, box, out);
}

void WalkableInput::gridTrianglesIn(const core::HeightGrid &grid, const core::PlanBox &box,
                                    std::vector<float> &out) const
{
    const core::PlanBox b = grid.bounds();
    if (!boxesMeet(b, box)) return;
    const int w = grid.width(), h = grid.height();
    const double dx = (b.x1 - b.x0) / (w - 1), dy = (b.y1 - b.y0) / (h - 1);
    // Column c lies at x0 + c dx; row r at y1 - r dy (row 0 north).
    const int c0 = cellIndex((box.x0 - b.x0) / dx, w - 1);
    const int c1 = cellIndex(std::ceil((box.x1 - b.x0) / dx), w);
    const int r0 = cellIndex((b.y1 - box.y1) / dy, h - 1);
    const int r1 = cellIndex(std::ceil((b.y1 - box.y0) / dy), h);
    const auto at = [&](int c, int r) { return core::Vec3{b.x0 + c * dx, b.y1 - r * dy, grid.at(c, r)}; };
    for (int r = r0; r < r1; ++r)
        for (int c = c0; c < c1; ++c) {
            const core::Vec3 p00 = at(c, r), p10 = at(c + 1, r), p11 = at(c + 1, r + 1), p01 = at(c, r + 1);
            append(out, p00, p01, p11);
            append(out, p00, p11, p10);
        }
}

std::vector<const Solid *> solidsIn(const std::vector<Solid> &solids, const core::PlanBox &box)
{
    std::vector<const Solid *> out;
    for (const Solid &s : solids)
        if (boxesMeet(s.box(), box)) out.push_back(&s);
    return out;
}

} // namespace railforge::nav
