// One agent's navigation mesh: Detour's tiled mesh, whose tiles are replaced in place when their
// inputs change (an obstacle dragged re-bakes only the tiles it touches). Many threads read it at once
// (routes, checks, the views); a tile replacement waits for them and they for it, one call at a time.
#pragma once

#include "core/ground.h"

#include "navmesh/agent_size.h"
#include "navmesh/tile_bake.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>
#include <vector>

class dtNavMesh;

namespace railforge::nav {

// A walkable polygon as drawn: its corners on the plan with their heights, in order.
struct NavPolygon {
    std::vector<core::Vec3> corners;
    TileKey tile;
};

class NavMesh {
public:
    // A mesh for tiles within `range`: Detour numbers every polygon with the bits its tiles leave.
    // Fails (error() says why) when the range holds more tiles than a mesh can number.
    NavMesh(const AgentSize &agent, const BakeSettings &settings, const TileRange &range);
    ~NavMesh();
    NavMesh(const NavMesh &) = delete;
    NavMesh &operator=(const NavMesh &) = delete;

    bool valid() const { return m_mesh != nullptr; }
    const std::string &error() const { return m_error; }
    const AgentSize &agent() const { return m_agent; }
    const BakeSettings &settings() const { return m_settings; }
    const TileRange &range() const { return m_range; }
    // The most polygons one tile may hold.
    int maxPolygonsPerTile() const { return m_maxPolys; }

    // Puts a tile's baked data in place of what was there (empty data: the tile has nothing walkable).
    // False, with why, when Detour refuses it.
    bool setTile(TileKey key, const std::vector<unsigned char> &data, std::string *why = nullptr);
    // The tiles that hold polygons, and each one's polygons.
    std::map<TileKey, int> tiles() const;
    int polygonCount() const;
    // Every polygon of the given tiles (all tiles when empty), with its corners' heights from the mesh.
    std::vector<NavPolygon> polygons(const std::vector<TileKey> &only = {}) const;
    // The mesh's outline: each edge of a polygon that has no neighbour (a wall, a drop, a ledge), from
    // a to b with the polygon on its left seen from above.
    std::vector<std::pair<core::Vec3, core::Vec3>> boundary(const std::vector<TileKey> &only = {}) const;
    // Changes each time tiles are set.
    std::uint64_t revision() const;

    // Runs `read` on the Detour mesh with no tile changing meanwhile.
    void read(const std::function<void(const dtNavMesh &)> &read) const;

private:
    friend class NavQuery; // asks Detour under the same lock
    AgentSize m_agent;
    BakeSettings m_settings;
    TileRange m_range;
    int m_maxPolys = 0;
    std::string m_error;
    dtNavMesh *m_mesh = nullptr;
    mutable std::shared_mutex m_mutex;
    std::uint64_t m_revision = 0;
};

} // namespace railforge::nav
