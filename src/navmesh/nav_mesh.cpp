#include "navmesh/nav_mesh.h"

#include "navmesh/recast_space.h"

#include <cstring>
#include <mutex>
#include <recastnavigation/DetourAlloc.h>
#include <recastnavigation/DetourNavMesh.h>
#include <set>

namespace railforge::nav {
namespace {

// Detour's 32-bit polygon references keep 10 bits for a salt: tiles and polygons share the other 22.
constexpr int kRefBits = 22;
// At least this many polygons a tile (a tile of walls and rooms holds a few hundred).
constexpr int kLeastPolyBits = 8;

int bitsFor(std::int64_t count)
{
    int bits = 0;
    while ((std::int64_t(1) << bits) < count) ++bits;
    return bits;
}

bool wanted(const std::vector<TileKey> &only, const dtMeshTile &tile)
{
    if (only.empty()) return true;
    const TileKey key{tile.header->x, tile.header->y};
    for (const TileKey &k : only)
        if (k == key) return true;
    return false;
}

core::Vec3 corner(const dtMeshTile &tile, unsigned short index) { return fromRecast(&tile.verts[index * 3]); }

// Calls f(tile, polygon) for every walkable polygon of the tiles in `only` (all when empty).
template <typename F>
void forEachGroundPolygon(const dtNavMesh &mesh, const std::vector<TileKey> &only, F f)
{
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile *tile = mesh.getTile(i);
        if (!tile || !tile->header || !wanted(only, *tile)) continue;
        for (int p = 0; p < tile->header->polyCount; ++p)
            if (tile->polys[p].getType() == DT_POLYTYPE_GROUND) f(*tile, tile->polys[p]);
    }
}

} // namespace

NavMesh::NavMesh(const AgentSize &agent, const BakeSettings &settings, const TileRange &range)
    : m_agent(agent), m_settings(settings), m_range(range)
{
    const int tileBits = bitsFor(std::max<std::int64_t>(1, range.count()));
    if (tileBits > kRefBits - kLeastPolyBits) {
        m_error = "the level needs " + std::to_string(range.count()) + " navmesh tiles, more than " +
                  std::to_string(1 << (kRefBits - kLeastPolyBits)) + ": make the navmesh cell larger";
        return;
    }
    m_maxPolys = 1 << (kRefBits - tileBits);
    dtNavMeshParams params{};
    params.orig[0] = params.orig[1] = params.orig[2] = 0.0f;
    params.tileWidth = float(settings.tileSide());
    params.tileHeight = float(settings.tileSide());
    params.maxTiles = 1 << tileBits;
    params.maxPolys = m_maxPolys;
    m_mesh = dtAllocNavMesh();
    if (!m_mesh || dtStatusFailed(m_mesh->init(&params))) {
        dtFreeNavMesh(m_mesh);
        m_mesh = nullptr;
        m_error = "Detour could not make a navmesh of " + std::to_string(range.count()) + " tiles";
    }
}

NavMesh::~NavMesh() { dtFreeNavMesh(m_mesh); }

bool NavMesh::setTile(TileKey key, const std::vector<unsigned char> &data, std::string *why)
{
    if (!m_mesh) return false;
    const std::unique_lock lock(m_mutex);
    ++m_revision;
    if (const dtTileRef old = m_mesh->getTileRefAt(key.x, key.z, 0))
        m_mesh->removeTile(old, nullptr, nullptr); // added with DT_TILE_FREE_DATA: Detour frees it
    if (data.empty()) return true;
    const auto *header = reinterpret_cast<const dtMeshHeader *>(data.data());
    if (data.size() < sizeof(dtMeshHeader) || header->polyCount > m_maxPolys) {
        if (why)
            *why = "a navmesh tile holds " + std::to_string(header->polyCount) + " polygons, more than the " +
                   std::to_string(m_maxPolys) + " a tile may: make the navmesh cell larger";
        return false;
    }
    // Detour writes its links into the data it is given: each mesh has its own copy.
    auto *copy = static_cast<unsigned char *>(dtAlloc(data.size(), DT_ALLOC_PERM));
    std::memcpy(copy, data.data(), data.size());
    if (dtStatusFailed(m_mesh->addTile(copy, int(data.size()), DT_TILE_FREE_DATA, 0, nullptr))) {
        dtFree(copy);
        if (why) *why = "Detour refused a navmesh tile";
        return false;
    }
    return true;
}

std::map<TileKey, int> NavMesh::tiles() const
{
    std::map<TileKey, int> out;
    read([&](const dtNavMesh &mesh) {
        for (int i = 0; i < mesh.getMaxTiles(); ++i) {
            const dtMeshTile *tile = mesh.getTile(i);
            if (tile && tile->header) out[{tile->header->x, tile->header->y}] = tile->header->polyCount;
        }
    });
    return out;
}

int NavMesh::polygonCount() const
{
    int n = 0;
    for (const auto &[key, polys] : tiles()) n += polys;
    return n;
}

std::vector<NavPolygon> NavMesh::polygons(const std::vector<TileKey> &only) const
{
    std::vector<NavPolygon> out;
    read([&](const dtNavMesh &mesh) {
        forEachGroundPolygon(mesh, only, [&](const dtMeshTile &tile, const dtPoly &poly) {
            NavPolygon polygon;
            polygon.tile = {tile.header->x, tile.header->y};
            for (int v = 0; v < poly.vertCount; ++v) polygon.corners.push_back(corner(tile, poly.verts[v]));
            out.push_back(std::move(polygon));
        });
    });
    return out;
}

std::vector<std::pair<core::Vec3, core::Vec3>> NavMesh::boundary(const std::vector<TileKey> &only) const
{
    std::vector<std::pair<core::Vec3, core::Vec3>> out;
    read([&](const dtNavMesh &mesh) {
        forEachGroundPolygon(mesh, only, [&](const dtMeshTile &tile, const dtPoly &poly) {
            // Edges with a link lead somewhere (a neighbour in this tile or the next); the rest bound it.
            std::set<int> linked;
            for (unsigned l = poly.firstLink; l != DT_NULL_LINK; l = tile.links[l].next)
                linked.insert(tile.links[l].edge);
            // Which way round its corners go, seen from above: the polygon on each edge's left.
            double area = 0;
            for (int v = 0; v < poly.vertCount; ++v) {
                const core::Vec3 here = corner(tile, poly.verts[v]);
                const core::Vec3 next = corner(tile, poly.verts[(v + 1) % poly.vertCount]);
                area += here.x * next.y - next.x * here.y;
            }
            for (int v = 0; v < poly.vertCount; ++v) {
                if (poly.neis[v] != 0 && !(poly.neis[v] & DT_EXT_LINK)) continue;
                if (linked.count(v)) continue;
                const core::Vec3 a = corner(tile, poly.verts[v]);
                const core::Vec3 b = corner(tile, poly.verts[(v + 1) % poly.vertCount]);
                if (area >= 0)
                    out.push_back({a, b});
                else
                    out.push_back({b, a});
            }
        });
    });
    return out;
}

std::uint64_t NavMesh::revision() const
{
    const std::shared_lock lock(m_mutex);
    return m_revision;
}

void NavMesh::read(const std::function<void(const dtNavMesh &)> &read) const
{
    if (!m_mesh) return;
    const std::shared_lock lock(m_mutex);
    read(*m_mesh);
}

} // namespace railforge::nav
