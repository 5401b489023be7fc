// One tile of a navigation mesh, baked alone with Recast: the triangles and solids that reach it
// (its square and a border around it) rasterised into cells, filtered for the agent (ledges, low
// ceilings, steps higher than its climb), solids cut out, eroded by its radius, split into regions,
// traced and made into Detour's tile data. A tile's bytes depend on its inputs alone, so a tile whose
// inputs did not change is taken from a cache instead of baked again.
#pragma once

#include "navmesh/agent_size.h"
#include "navmesh/walkable_input.h"

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace railforge::nav {

// A tile's place in Detour's grid (Recast's x and z, tiles of tileSide() from the origin).
struct TileKey {
    int x = 0;
    int z = 0;
    friend auto operator<=>(const TileKey &, const TileKey &) = default;
};

// The tiles whose squares meet a plan box, both ends included.
struct TileRange {
    int x0 = 0, z0 = 0, x1 = -1, z1 = -1;
    bool empty() const { return x1 < x0 || z1 < z0; }
    std::int64_t count() const { return empty() ? 0 : std::int64_t(x1 - x0 + 1) * (z1 - z0 + 1); }
};
TileRange tilesOver(const core::PlanBox &box, const BakeSettings &settings);
// A tile's own square on the plan.
core::PlanBox tileSquare(TileKey key, const BakeSettings &settings);

// What one tile is baked from, and a fingerprint of all of it (with the agent and the settings).
struct TileInput {
    std::vector<float> triangles; // nine floats each, Recast's axes
    std::vector<Solid> solids;
    std::uint64_t fingerprint = 0;
};
TileInput gatherTile(const WalkableInput &input, const std::vector<Solid> &solids, const AgentSize &agent,
                     const BakeSettings &settings, TileKey key);

struct BakedTile {
    std::vector<unsigned char> data; // Detour's tile data; empty when nothing in it is walkable
    int polygons = 0;
    std::string error; // why it could not be baked (a tile too tall for the height step...)
};
BakedTile bakeTile(const TileInput &input, const AgentSize &agent, const BakeSettings &settings, TileKey key);

// FNV-1a over bytes, chained from `seed`: fingerprints of inputs (stable across runs and builds).
std::uint64_t hashBytes(const void *bytes, std::size_t size, std::uint64_t seed = 1469598103934665603ull);

} // namespace railforge::nav
