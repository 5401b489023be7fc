#include "navmesh/tile_bake.h"

#include "navmesh/recast_space.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <recastnavigation/DetourAlloc.h>
#include <recastnavigation/DetourNavMeshBuilder.h>
#include <recastnavigation/Recast.h>

namespace railforge::nav {
namespace {

// Recast's objects freed by their own functions.
struct FreeRecast {
    void operator()(rcHeightfield *p) const { rcFreeHeightField(p); }
    void operator()(rcCompactHeightfield *p) const { rcFreeCompactHeightfield(p); }
    void operator()(rcContourSet *p) const { rcFreeContourSet(p); }
    void operator()(rcPolyMesh *p) const { rcFreePolyMesh(p); }
    void operator()(rcPolyMeshDetail *p) const { rcFreePolyMeshDetail(p); }
};
template <typename T>
using Owned = std::unique_ptr<T, FreeRecast>;

// Walkable when the triangle's plane is no steeper than the slope, facing up or down: a level's files
// do not all wind their floors the same way, and the ground reads either side (core/ground.h).
std::vector<unsigned char> walkableAreas(const std::vector<float> &triangles, double slopeDegrees)
{
    const double limit = std::cos(slopeDegrees * 3.14159265358979323846 / 180.0);
    std::vector<unsigned char> areas(triangles.size() / 9, RC_NULL_AREA);
    for (std::size_t t = 0; t < areas.size(); ++t) {
        const float *v = &triangles[9 * t];
        const double e1[3] = {v[3] - v[0], v[4] - v[1], v[5] - v[2]};
        const double e2[3] = {v[6] - v[0], v[7] - v[1], v[8] - v[2]};
        const double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                             e1[0] * e2[1] - e1[1] * e2[0]};
        const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (length > 0.0 && std::fabs(n[1]) / length >= limit) areas[t] = RC_WALKABLE_AREA;
    }
    return areas;
}

// Every span of a column whose centre lies in a solid is no longer walkable (before erosion, so the
// agent keeps its radius from the solid as from a wall).
void cutSolids(rcCompactHeightfield &chf, const std::vector<Solid> &solids)
{
    for (const Solid &solid : solids) {
        const core::PlanBox box = solid.box();
        // Plan x is Recast's x; plan y is Recast's -z.
        const int x0 = std::max(0, int(std::floor((box.x0 - chf.bmin[0]) / chf.cs)));
        const int x1 = std::min(chf.width - 1, int(std::ceil((box.x1 - chf.bmin[0]) / chf.cs)));
        const int z0 = std::max(0, int(std::floor((-box.y1 - chf.bmin[2]) / chf.cs)));
        const int z1 = std::min(chf.height - 1, int(std::ceil((-box.y0 - chf.bmin[2]) / chf.cs)));
        for (int z = z0; z <= z1; ++z)
            for (int x = x0; x <= x1; ++x) {
                const double px = chf.bmin[0] + (x + 0.5) * chf.cs, pz = chf.bmin[2] + (z + 0.5) * chf.cs;
                if (!solid.contains(px, -pz)) continue;
                const rcCompactCell &cell = chf.cells[x + z * chf.width];
                for (unsigned i = cell.index, end = cell.index + cell.count; i < end; ++i) chf.areas[i] = RC_NULL_AREA;
            }
    }
}

} // namespace

std::uint64_t hashBytes(const void *bytes, std::size_t size, std::uint64_t seed)
{
    const auto *p = static_cast<const unsigned char *>(bytes);
    std::uint64_t h = seed;
    for (std::size_t i = 0; i < size; ++i) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

TileRange tilesOver(const core::PlanBox &box, const BakeSettings &settings)
{
    if (box.empty()) return {};
    const double side = settings.tileSide();
    const auto tile = [](double v) {
        return int(std::clamp(std::floor(v), double(std::numeric_limits<int>::min() / 2),
                              double(std::numeric_limits<int>::max() / 2)));
    };
    // Recast's z is the plan's -y.
    return {tile(box.x0 / side), tile(-box.y1 / side), tile(box.x1 / side), tile(-box.y0 / side)};
}

core::PlanBox tileSquare(TileKey key, const BakeSettings &settings)
{
    const double side = settings.tileSide();
    return {key.x * side, -(key.z + 1) * side, (key.x + 1) * side, -key.z * side};
}

TileInput gatherTile(const WalkableInput &input, const std::vector<Solid> &solids, const AgentSize &agent,
                     const BakeSettings &settings, TileKey key)
{
    TileInput out;
    const core::PlanBox reach = grown(tileSquare(key, settings), (settings.borderCells(agent) + 1) * settings.cell);
    input.trianglesIn(reach, out.triangles);
    for (const Solid *s : solidsIn(solids, reach)) out.solids.push_back(*s);
    // Field by field: a struct's padding holds whatever was there.
    const double numbers[] = {agent.radius, agent.height, agent.climb, agent.slope, settings.cell, settings.cellHeight};
    const int whole[] = {settings.tileCells, key.x, key.z};
    std::uint64_t h = hashBytes(numbers, sizeof numbers);
    h = hashBytes(whole, sizeof whole, h);
    h = hashBytes(out.triangles.data(), out.triangles.size() * sizeof(float), h);
    for (const Solid &s : out.solids) {
        if (s.circle) {
            const double circle[] = {s.circle->center.x, s.circle->center.y, s.circle->radius};
            h = hashBytes(circle, sizeof circle, h);
        }
        h = hashBytes(s.outline.data(), s.outline.size() * sizeof(core::Point2d), h);
        h = hashBytes("|", 1, h);
    }
    out.fingerprint = h;
    return out;
}

BakedTile bakeTile(const TileInput &input, const AgentSize &agent, const BakeSettings &settings, TileKey key)
{
    BakedTile out;
    if (input.triangles.empty()) return out;
    rcContext ctx(false);
    rcConfig cfg{};
    cfg.cs = float(settings.cell);
    cfg.ch = float(settings.cellHeight);
    cfg.walkableSlopeAngle = float(agent.slope);
    cfg.walkableHeight = settings.heightCells(agent);
    cfg.walkableClimb = settings.climbCells(agent);
    cfg.walkableRadius = settings.radiusCells(agent);
    cfg.maxEdgeLen = std::max(12, cfg.walkableRadius * 8);
    cfg.maxSimplificationError = 1.0f;
    cfg.minRegionArea = 8 * 8;
    cfg.mergeRegionArea = 20 * 20;
    cfg.maxVertsPerPoly = 6;
    cfg.tileSize = settings.tileCells;
    cfg.borderSize = settings.borderCells(agent);
    cfg.width = cfg.tileSize + 2 * cfg.borderSize;
    cfg.height = cfg.tileSize + 2 * cfg.borderSize;
    cfg.detailSampleDist = cfg.cs * 6.0f;
    cfg.detailSampleMaxError = cfg.ch;

    // The tile's square in Recast's x and z (origin at 0, see tilesOver), with its border; its heights
    // are those of what reaches it.
    const double side = settings.tileSide();
    cfg.bmin[0] = float(key.x * side - cfg.borderSize * settings.cell);
    cfg.bmin[2] = float(key.z * side - cfg.borderSize * settings.cell);
    cfg.bmax[0] = float((key.x + 1) * side + cfg.borderSize * settings.cell);
    cfg.bmax[2] = float((key.z + 1) * side + cfg.borderSize * settings.cell);
    float low = std::numeric_limits<float>::max(), high = std::numeric_limits<float>::lowest();
    for (std::size_t i = 1; i < input.triangles.size(); i += 3) {
        low = std::min(low, input.triangles[i]);
        high = std::max(high, input.triangles[i]);
    }
    cfg.bmin[1] = low;
    cfg.bmax[1] = high;
    if ((double(high) - low) / cfg.ch > RC_SPAN_MAX_HEIGHT - cfg.walkableHeight - 1) {
        out.error = "the level's ground near (" + std::to_string(int(std::floor(key.x * side))) + ", " +
                    std::to_string(int(std::floor(-key.z * side))) + ") spans " +
                    std::to_string(int(std::round(high - low))) + " units of height, more than " +
                    std::to_string(RC_SPAN_MAX_HEIGHT) + " height steps of " + std::to_string(cfg.ch) +
                    ": make the navmesh cell larger";
        return out;
    }

    Owned<rcHeightfield> solid(rcAllocHeightfield());
    if (!solid || !rcCreateHeightfield(&ctx, *solid, cfg.width, cfg.height, cfg.bmin, cfg.bmax, cfg.cs, cfg.ch)) {
        out.error = "out of memory for a navmesh tile";
        return out;
    }
    const std::vector<unsigned char> areas = walkableAreas(input.triangles, agent.slope);
    if (!rcRasterizeTriangles(&ctx, input.triangles.data(), areas.data(), int(areas.size()), *solid,
                              cfg.walkableClimb)) {
        out.error = "could not rasterise a navmesh tile";
        return out;
    }
    rcFilterLowHangingWalkableObstacles(&ctx, cfg.walkableClimb, *solid);
    rcFilterLedgeSpans(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid);
    rcFilterWalkableLowHeightSpans(&ctx, cfg.walkableHeight, *solid);

    Owned<rcCompactHeightfield> chf(rcAllocCompactHeightfield());
    if (!chf || !rcBuildCompactHeightfield(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid, *chf)) {
        out.error = "could not build a navmesh tile's open space";
        return out;
    }
    solid.reset();
    cutSolids(*chf, input.solids);
    if (!rcErodeWalkableArea(&ctx, cfg.walkableRadius, *chf) || !rcBuildDistanceField(&ctx, *chf) ||
        !rcBuildRegions(&ctx, *chf, cfg.borderSize, cfg.minRegionArea, cfg.mergeRegionArea)) {
        out.error = "could not divide a navmesh tile into regions";
        return out;
    }
    Owned<rcContourSet> contours(rcAllocContourSet());
    if (!contours || !rcBuildContours(&ctx, *chf, cfg.maxSimplificationError, cfg.maxEdgeLen, *contours)) {
        out.error = "could not trace a navmesh tile's outlines";
        return out;
    }
    if (contours->nconts == 0) return out;
    Owned<rcPolyMesh> mesh(rcAllocPolyMesh());
    if (!mesh || !rcBuildPolyMesh(&ctx, *contours, cfg.maxVertsPerPoly, *mesh)) {
        out.error = "could not make a navmesh tile's polygons";
        return out;
    }
    if (mesh->npolys == 0) return out;
    Owned<rcPolyMeshDetail> detail(rcAllocPolyMeshDetail());
    if (!detail || !rcBuildPolyMeshDetail(&ctx, *mesh, *chf, cfg.detailSampleDist, cfg.detailSampleMaxError, *detail)) {
        out.error = "could not sample a navmesh tile's heights";
        return out;
    }
    for (int i = 0; i < mesh->npolys; ++i) mesh->flags[i] = mesh->areas[i] == RC_WALKABLE_AREA ? 1 : 0;

    dtNavMeshCreateParams params{};
    params.verts = mesh->verts;
    params.vertCount = mesh->nverts;
    params.polys = mesh->polys;
    params.polyAreas = mesh->areas;
    params.polyFlags = mesh->flags;
    params.polyCount = mesh->npolys;
    params.nvp = mesh->nvp;
    params.detailMeshes = detail->meshes;
    params.detailVerts = detail->verts;
    params.detailVertsCount = detail->nverts;
    params.detailTris = detail->tris;
    params.detailTriCount = detail->ntris;
    params.walkableHeight = float(agent.height);
    params.walkableRadius = float(agent.radius);
    params.walkableClimb = float(agent.climb);
    params.tileX = key.x;
    params.tileY = key.z;
    params.tileLayer = 0;
    rcVcopy(params.bmin, mesh->bmin);
    rcVcopy(params.bmax, mesh->bmax);
    params.cs = cfg.cs;
    params.ch = cfg.ch;
    params.buildBvTree = true;
    if (mesh->nverts >= 0xffff) {
        out.error = "a navmesh tile has more than 65,534 corners: make the navmesh cell larger";
        return out;
    }
    unsigned char *data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&params, &data, &size)) {
        out.error = "could not make a navmesh tile's data";
        return out;
    }
    out.data.assign(data, data + size);
    dtFree(data);
    out.polygons = mesh->npolys;
    return out;
}

} // namespace railforge::nav
