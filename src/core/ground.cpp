#include "core/ground.h"

#include "core/ground_internal.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace railforge::core {
using ground_internal::heightInside;
using ground_internal::isVertical;

std::optional<double> triangleHeightAt(const GroundTriangle &t, double x, double y)
{
    if (isVertical(t)) return std::nullopt; // covers nothing seen from above
    return heightInside(t, x, y);
}

HeightGrid::HeightGrid(int width, int height, std::vector<double> heights, double x0, double y0, double x1, double y1)
    : m_width(width), m_height(height), m_heights(std::move(heights)), m_x0(x0), m_y0(y0), m_x1(x1), m_y1(y1)
{
    if (width < 2 || height < 2 || m_heights.size() != std::size_t(width) * std::size_t(height))
        throw std::invalid_argument("a height grid needs at least 2 x 2 heights, width * height of them");
    if (!(x0 < x1) || !(y0 < y1)) throw std::invalid_argument("a height grid's rectangle needs x0 < x1 and y0 < y1");
}

HeightGrid::HeightGrid(Levels levels, double z0, double z1, double x0, double y0, double x1, double y1)
    : m_width(levels.width), m_height(levels.height), m_levels(std::move(levels)), m_z0(z0), m_z1(z1),
      m_full(m_levels.bits == 16 ? 65535.0 : 255.0), m_x0(x0), m_y0(y0), m_x1(x1), m_y1(y1)
{
    if (m_width < 2 || m_height < 2 || !m_levels.rows || (m_levels.bits != 8 && m_levels.bits != 16) ||
        m_levels.rowBytes < std::size_t(m_width) * std::size_t(m_levels.bits / 8))
        throw std::invalid_argument("a height grid needs at least 2 x 2 samples of 8 or 16 bits, rows whole");
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
