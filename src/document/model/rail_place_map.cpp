#include "document/model/rail_place_map.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"

#include <algorithm>
#include <array>

namespace railforge::document {
namespace {

std::vector<double> knots(const core::ArcLengthTable &table)
{
    std::vector<double> out;
    for (std::size_t i = 0; i < table.segments.size(); ++i) out.push_back(core::arcLengthAt(table, {i, 0.0}));
    out.push_back(core::totalLength(table));
    return out;
}

using SegmentKey = std::array<double, 12>;
SegmentKey keyOf(const core::CubicBezier &b)
{
    SegmentKey k{};
    for (int i = 0; i < 4; ++i) k[3 * i] = b.p[i].x, k[3 * i + 1] = b.p[i].y, k[3 * i + 2] = b.p[i].z;
    return k;
}

// Knot before -> knot after. An edit that keeps the point count moves, tilts or reshapes points in
// place: knot i stays knot i. One that inserts or deletes points keeps the others where they were
// in the plan (drape changes heights, never x and y): each point before is matched, in order, to
// the next point after with the same x and y.
std::vector<std::optional<std::size_t>> matchKnots(const Rail &before, const Rail &after, std::size_t knotsBefore,
                                                   std::size_t knotsAfter)
{
    std::vector<std::optional<std::size_t>> out(knotsBefore);
    const std::size_t n = before.points.size(), m = after.points.size();
    if (n == m && before.closed == after.closed) {
        for (std::size_t i = 0; i < knotsBefore && i < knotsAfter; ++i) out[i] = i;
        return out;
    }
    std::map<std::pair<double, double>, std::vector<std::size_t>> where;
    for (std::size_t j = 0; j < m; ++j) where[{after.points[j].x, after.points[j].y}].push_back(j);
    std::size_t next = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto found = where.find({before.points[i].x, before.points[i].y});
        if (found == where.end()) continue;
        const auto j = std::lower_bound(found->second.begin(), found->second.end(), next);
        if (j == found->second.end()) continue;
        out[i] = *j;
        next = *j + 1;
    }
    // A closed rail's last knot is its first point again.
    if (before.closed && after.closed && knotsBefore > n && out[0] == std::size_t(0)) out[n] = knotsAfter - 1;
    return out;
}

} // namespace

RailPlaceMap::RailPlaceMap(const Rail &before, const Rail &after)
{
    if (before.points.size() < 2 || after.points.size() < 2) {
        m_changed = !(before.points == after.points);
        return;
    }
    const auto aGeometry = geometryOfShape(before);
    const core::ArcLengthTable &a = aGeometry->table();
    const auto bGeometry = geometryOfShape(after);
    const core::ArcLengthTable &b = bGeometry->table();
    m_changed = a.closed != b.closed || a.segments.size() != b.segments.size() ||
                !std::equal(a.segments.begin(), a.segments.end(), b.segments.begin(),
                            [](const core::CubicBezier &x, const core::CubicBezier &y) { return x.p == y.p; });
    if (!m_changed) return;
    m_knotsBefore = knots(a);
    m_knotsAfter = knots(b);
    for (std::size_t j = 0; j + 1 < m_knotsAfter.size(); ++j)
        m_lengthsAfter.push_back(m_knotsAfter[j + 1] - m_knotsAfter[j]);
    m_knot = matchKnots(before, after, m_knotsBefore.size(), m_knotsAfter.size());
    // Segments the edit left as they were, wherever they now sit: only an unambiguous match counts.
    std::map<SegmentKey, std::optional<std::size_t>> segmentsAfter;
    for (std::size_t j = 0; j < b.segments.size(); ++j) {
        auto [it, inserted] = segmentsAfter.emplace(keyOf(b.segments[j]), j);
        if (!inserted) it->second.reset();
    }
    m_same.resize(a.segments.size());
    for (std::size_t i = 0; i < a.segments.size(); ++i)
        if (const auto it = segmentsAfter.find(keyOf(a.segments[i])); it != segmentsAfter.end()) m_same[i] = it->second;
}

std::optional<double> RailPlaceMap::map(double s) const
{
    if (!m_changed) return s;
    if (m_knotsBefore.size() < 2 || m_knotsAfter.size() < 2) return std::nullopt;
    const std::size_t segments = m_knotsBefore.size() - 1;
    const std::size_t i = std::min<std::size_t>(
        segments - 1,
        std::size_t(std::upper_bound(m_knotsBefore.begin(), m_knotsBefore.end(), s) - m_knotsBefore.begin()) - 1);
    const double total = m_knotsAfter.back();
    const double lengthBefore = m_knotsBefore[i + 1] - m_knotsBefore[i];
    if (const auto j = m_same[i]) {
        // The same cubic: the same fraction of it is the same point.
        const double f = lengthBefore > 0 ? (s - m_knotsBefore[i]) / lengthBefore : 0.0;
        return std::clamp(m_knotsAfter[*j] + f * m_lengthsAfter[*j], 0.0, total);
    }
    // The nearest knots around the place that the edit kept.
    std::size_t a = i + 1, b = i;
    for (std::size_t k = i + 1; k-- > 0;)
        if (m_knot[k]) {
            a = k;
            break;
        }
    for (std::size_t k = i + 1; k <= segments; ++k)
        if (m_knot[k]) {
            b = k;
            break;
        }
    if (a > i || b <= i || *m_knot[b] <= *m_knot[a]) return std::nullopt; // its segment went
    const double span = m_knotsBefore[b] - m_knotsBefore[a];
    const double g = span > 0 ? (s - m_knotsBefore[a]) / span : 0.0;
    const double from = m_knotsAfter[*m_knot[a]], to = m_knotsAfter[*m_knot[b]];
    return std::clamp(from + g * (to - from), 0.0, total);
}

} // namespace railforge::document
