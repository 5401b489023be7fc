#include "navmesh/nav_query.h"

#include "navmesh/recast_space.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <mutex>
#include <recastnavigation/DetourCommon.h>
#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshQuery.h>

namespace railforge::nav {
namespace {

// Polygons a corridor may cross, and corners of its straight path: a walk across a big level's tiles.
constexpr int kMaxCorridor = 8192;
// A* nodes: Detour numbers them in 16 bits.
constexpr int kMaxNodes = 65535;

} // namespace

NavQuery::NavQuery(std::shared_ptr<const NavMesh> mesh)
    : m_mesh(std::move(mesh)), m_query(dtAllocNavMeshQuery()), m_filter(std::make_unique<dtQueryFilter>())
{
    m_filter->setIncludeFlags(0xffff);
    m_filter->setExcludeFlags(0);
    if (m_query && m_mesh->m_mesh && dtStatusFailed(m_query->init(m_mesh->m_mesh, kMaxNodes))) {
        dtFreeNavMeshQuery(m_query);
        m_query = nullptr;
    }
}

NavQuery::~NavQuery() { dtFreeNavMeshQuery(m_query); }

std::optional<core::Vec3> NavQuery::nearest(core::Vec3 p, double reach, double vertical) const
{
    if (!m_query) return std::nullopt;
    const std::shared_lock lock(m_mesh->m_mutex);
    float at[3], found[3];
    toRecast(p, at);
    const float extents[3] = {float(reach), float(vertical), float(reach)};
    dtPolyRef ref = 0;
    if (dtStatusFailed(m_query->findNearestPoly(at, extents, m_filter.get(), &ref, found)) || !ref) return std::nullopt;
    // Detour takes every polygon whose bounding box meets the extents: the nearest point of the nearest
    // one may still lie outside them (a polygon round a hole), and then nothing is that near.
    for (int k = 0; k < 3; ++k)
        if (std::fabs(found[k] - at[k]) > extents[k] * 1.0001f) return std::nullopt;
    return fromRecast(found);
}

std::optional<core::Vec3> NavQuery::nearestAnywhere(core::Vec3 p, double farthest) const
{
    const AgentSize &agent = m_mesh->agent();
    for (double reach = m_mesh->settings().cell;; reach *= 4) {
        const double r = std::min(reach, farthest);
        if (auto found = nearest(p, r, std::max(r, agent.height + agent.climb))) return found;
        if (r >= farthest) return std::nullopt;
    }
}

std::optional<core::Vec3> NavQuery::under(core::Vec3 p) const
{
    const BakeSettings &s = m_mesh->settings();
    return nearest(p, s.cell, std::max(m_mesh->agent().climb, 2 * s.cellHeight));
}

NavQuery::Line NavQuery::straight(core::Vec3 a, core::Vec3 b) const
{
    Line out;
    const auto start = under(a);
    if (!start || !m_query) return out;
    out.startsOnMesh = true;
    const std::shared_lock lock(m_mesh->m_mutex);
    const BakeSettings &s = m_mesh->settings();
    float pa[3], pb[3], found[3];
    toRecast(*start, pa);
    toRecast(b, pb);
    const float extents[3] = {float(s.cell), float(std::max(m_mesh->agent().climb, 2 * s.cellHeight)), float(s.cell)};
    dtPolyRef ref = 0;
    m_query->findNearestPoly(pa, extents, m_filter.get(), &ref, found);
    if (!ref) return out;
    float t = 0, normal[3];
    std::vector<dtPolyRef> crossed(kMaxCorridor);
    int count = 0;
    m_query->raycast(ref, pa, pb, m_filter.get(), &t, normal, crossed.data(), &count, kMaxCorridor);
    if (t != FLT_MAX && t < 1.0f) {
        out.blockedAt = core::lerp(*start, b, double(t));
        // Its height: that of the last polygon the walk was on, where it stopped.
        float at[3], closest[3];
        toRecast(out.blockedAt, at);
        if (count > 0 &&
            dtStatusSucceed(m_query->closestPointOnPoly(crossed[std::size_t(count - 1)], at, closest, nullptr)))
            out.blockedAt.z = double(closest[1]);
        return out;
    }
    // Across the plan it arrives; it must arrive on b's floor, not under or over it.
    float height = 0;
    if (count > 0 && dtStatusSucceed(m_query->getPolyHeight(crossed[std::size_t(count - 1)], pb, &height)) &&
        std::fabs(double(height) - b.z) <= std::max(m_mesh->agent().climb, 2 * s.cellHeight)) {
        out.clear = true;
        return out;
    }
    out.blockedAt = {b.x, b.y, count > 0 ? double(height) : b.z};
    return out;
}

NavQuery::Way NavQuery::way(core::Vec3 a, core::Vec3 b, double step) const
{
    Way out;
    const auto start = under(a);
    const auto end = under(b);
    if (!start || !m_query) return out;
    // b off the mesh: the way goes as near to it as the walkable area lets it (searched no wider than
    // the mesh: Detour looks at every tile place a search box covers).
    const TileRange &range = m_mesh->range();
    const auto near = end ? end
                          : nearestAnywhere(b, m_mesh->settings().tileSide() *
                                                   std::hypot(range.x1 - range.x0 + 1.0, range.z1 - range.z0 + 1.0));
    if (!near) return out;
    const std::shared_lock lock(m_mesh->m_mutex);
    const BakeSettings &s = m_mesh->settings();
    const float extents[3] = {float(s.cell), float(std::max(m_mesh->agent().climb, 2 * s.cellHeight)), float(s.cell)};
    float pa[3], pb[3], found[3];
    toRecast(*start, pa);
    toRecast(*near, pb);
    dtPolyRef from = 0, to = 0;
    m_query->findNearestPoly(pa, extents, m_filter.get(), &from, found);
    m_query->findNearestPoly(pb, extents, m_filter.get(), &to, found);
    if (!from || !to) return out;
    std::vector<dtPolyRef> corridor(kMaxCorridor);
    int count = 0;
    m_query->findPath(from, to, pa, pb, m_filter.get(), corridor.data(), &count, kMaxCorridor);
    if (count == 0) return out;
    out.found = true;
    out.reached = end && corridor[std::size_t(count - 1)] == to;
    float last[3];
    if (out.reached)
        dtVcopy(last, pb);
    else
        m_query->closestPointOnPoly(corridor[std::size_t(count - 1)], pb, last, nullptr);
    std::vector<float> corners(3 * kMaxCorridor);
    std::vector<unsigned char> flags(kMaxCorridor);
    std::vector<dtPolyRef> refs(kMaxCorridor);
    int corner = 0;
    m_query->findStraightPath(pa, last, corridor.data(), count, corners.data(), flags.data(), refs.data(), &corner,
                              kMaxCorridor, 0);
    std::vector<core::Vec3> path;
    for (int i = 0; i < corner; ++i) path.push_back(fromRecast(&corners[std::size_t(3 * i)]));
    if (step > 0.0 && path.size() >= 2) {
        // Each step at the height of the corridor polygon under it, found walking the corridor forward.
        std::size_t cursor = 0;
        const auto heightAt = [&](core::Vec3 p) {
            float at[3], closest[3];
            toRecast(p, at);
            for (std::size_t tries = 0; tries < std::size_t(count); ++tries) {
                const std::size_t i = (cursor + tries) % std::size_t(count);
                bool over = false;
                if (dtStatusSucceed(m_query->closestPointOnPoly(corridor[i], at, closest, &over)) && over) {
                    cursor = i;
                    return double(closest[1]);
                }
            }
            return p.z;
        };
        std::vector<core::Vec3> walked{path.front()};
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            const core::Vec3 p = path[i], q = path[i + 1];
            const double plan = std::hypot(q.x - p.x, q.y - p.y);
            const int steps = std::max(1, int(std::ceil(plan / step)));
            for (int k = 1; k <= steps; ++k) {
                core::Vec3 w = core::lerp(p, q, double(k) / steps);
                if (k < steps) w.z = heightAt(w);
                walked.push_back(w);
            }
        }
        path = std::move(walked);
    }
    for (std::size_t i = 1; i < path.size(); ++i) out.length += core::length(path[i] - path[i - 1]);
    out.points = std::move(path);
    return out;
}

} // namespace railforge::nav
