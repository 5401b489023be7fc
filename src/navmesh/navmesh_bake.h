// A whole navigation mesh baked tile by tile on every core, and the tiles an edit reaches baked again
// in place. A tile whose inputs (its fingerprint, tile_bake.h) were baked before comes from the tile
// cache instead: an unchanged level reopened, or an obstacle dragged back, bakes nothing.
#pragma once

#include "navmesh/nav_mesh.h"
#include "navmesh/tile_bake.h"
#include "navmesh/walkable_input.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace railforge::nav {

// Baked tiles by fingerprint, shared by threads, kept within a size (the least recently used go).
class TileCache {
public:
    explicit TileCache(std::size_t maxBytes = std::size_t(256) << 20) : m_maxBytes(maxBytes) {}
    std::shared_ptr<const std::vector<unsigned char>> find(std::uint64_t fingerprint);
    void put(std::uint64_t fingerprint, std::shared_ptr<const std::vector<unsigned char>> data);
    std::size_t size() const;
    // The tiles in a file of their own format (a cache between runs); false when the file is not one.
    bool load(const std::string &path);
    // Writes every tile (or only those of `only`, fingerprints) into `path` atomically (a temporary file
    // beside it, then renamed); false on failure (a cache that cannot be written is only slower next time).
    bool save(const std::string &path, const std::vector<std::uint64_t> *only = nullptr) const;

private:
    struct Entry {
        std::shared_ptr<const std::vector<unsigned char>> data;
        std::uint64_t used = 0;
    };
    void trim();
    mutable std::mutex m_mutex;
    std::map<std::uint64_t, Entry> m_entries;
    std::size_t m_bytes = 0, m_maxBytes;
    std::uint64_t m_clock = 0;
};

struct BakeLimits {
    std::int64_t maxCells = 200'000'000;               // plan cells of the whole mesh (tiles times their cells)
    std::function<bool()> stop;                        // true: cancelled or out of time, checked between tiles
    std::function<void(int done, int total)> progress; // from the baking threads
    int threads = 0;                                   // 0: one per core
};

struct BakeStats {
    int tiles = 0;  // tiles that hold polygons
    int baked = 0;  // tiles baked by Recast this time
    int cached = 0; // tiles taken from the cache
    int polygons = 0;
    double seconds = 0;
    std::vector<std::uint64_t> fingerprints; // of every tile looked at (what a cache of this mesh keeps)
};

struct BakeResult {
    std::shared_ptr<NavMesh> mesh; // null on failure
    BakeStats stats;
    std::string error;            // why not (the first tile's problem, or the budget)
    bool stopped = false;         // BakeLimits::stop said so
    std::int64_t cellsNeeded = 0; // over the budget: how many the level needs
};

// The whole mesh of `input` (indexed) with `solids` cut out, for `agent`.
BakeResult bakeNavMesh(const WalkableInput &input, const std::vector<Solid> &solids, const AgentSize &agent,
                       const BakeSettings &settings, TileCache *cache, const BakeLimits &limits);

// Bakes again, in place, the tiles of `mesh` whose reach meets any of `changed` (plan boxes: where a
// solid was and where it is now), from the input and solids as they are now.
BakeStats rebakeTiles(NavMesh &mesh, const WalkableInput &input, const std::vector<Solid> &solids,
                      const std::vector<core::PlanBox> &changed, TileCache *cache, const BakeLimits &limits,
                      std::string *error = nullptr);

// The tiles whose reach (square and border) meets `box`.
std::vector<TileKey> tilesReaching(const core::PlanBox &box, const AgentSize &agent, const BakeSettings &settings);

} // namespace railforge::nav
