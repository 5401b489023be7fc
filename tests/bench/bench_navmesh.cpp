// Navigation meshes over the 1,000,000-triangle terrain of the ground benchmark (terrain_gltf.h), for a
// guard of radius 0.4 (cells of 0.133): the whole tiled bake on every core, beside Recast's own
// single-tile build of the same input (one heightfield over all of it: what a bake without tiles
// costs); one obstacle moved and only its tiles baked again (the editor's drag step, off the UI
// thread; target: one frame, 16 ms); and a 100 m way across the terrain (target: under 1 ms).
#include "navmesh/nav_query.h"
#include "navmesh/navmesh_bake.h"
#include "terrain_gltf.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>

using namespace railforge;

namespace {

const nav::AgentSize kGuard{0.4, 1.8, 0.4, 45};

const nav::WalkableInput &terrain()
{
    static const std::unique_ptr<nav::WalkableInput> input = [] {
        auto in = std::make_unique<nav::WalkableInput>();
        in->addMesh(std::make_shared<const std::vector<core::GroundTriangle>>(bench::terrainTriangles()));
        in->index();
        return in;
    }();
    return *input;
}

nav::Solid disc(double x, double y, double r)
{
    nav::Solid s;
    s.circle = core::CircleObstacle{{x, y}, r};
    return s;
}

// The terrain's mesh with one obstacle, baked once for the benchmarks that need it.
std::shared_ptr<nav::NavMesh> bakedTerrain()
{
    static std::shared_ptr<nav::NavMesh> mesh = [] {
        auto result =
            nav::bakeNavMesh(terrain(), {disc(300, 300, 2)}, kGuard, nav::bakeSettingsFor(kGuard), nullptr, {});
        if (!result.mesh) std::abort();
        return result.mesh;
    }();
    return mesh;
}

} // namespace

// The whole tiled bake, every core.
static void BakeTerrainTiled(benchmark::State &state)
{
    const nav::WalkableInput &input = terrain();
    nav::BakeStats stats;
    for (auto _ : state) {
        auto result = nav::bakeNavMesh(input, {}, kGuard, nav::bakeSettingsFor(kGuard), nullptr, {});
        stats = result.stats;
        benchmark::DoNotOptimize(result.mesh);
    }
    state.counters["tiles"] = stats.tiles;
    state.counters["polygons"] = stats.polygons;
}
BENCHMARK(BakeTerrainTiled)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

// The same bake on one core: the tiled bake's own cost, beside Recast's single tile below.
static void BakeTerrainTiledOneCore(benchmark::State &state)
{
    const nav::WalkableInput &input = terrain();
    nav::BakeLimits limits;
    limits.threads = 1;
    for (auto _ : state) {
        auto result = nav::bakeNavMesh(input, {}, kGuard, nav::bakeSettingsFor(kGuard), nullptr, limits);
        benchmark::DoNotOptimize(result.mesh);
    }
}
BENCHMARK(BakeTerrainTiledOneCore)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

// Recast's single-tile build of the same input on one core: one heightfield over the whole terrain,
// rasterised, filtered, eroded, split into regions, traced, polygons and their detail (Detour's data
// for it is not made: one tile cannot number that many corners, which is why a mesh this big is tiled).
static void RecastSingleTile(benchmark::State &state)
{
    nav::BakeSettings settings = nav::bakeSettingsFor(kGuard);
    const core::PlanBox box = terrain().bounds();
    settings.tileCells = int(std::ceil(std::max(box.x1 - box.x0, box.y1 - box.y0) / settings.cell)) + 2;
    // The terrain lies in x and y from 0 to 707: Recast's x 0.., z -707..0, the tile (0, -1) at that size.
    const nav::TileKey key{0, -1};
    const nav::TileInput in = nav::gatherTile(terrain(), {}, kGuard, settings, key);
    int polygons = 0;
    for (auto _ : state) {
        nav::BakedTile tile = nav::bakeTile(in, kGuard, settings, key);
        polygons = tile.polygons;
        benchmark::DoNotOptimize(tile.data);
    }
    state.counters["cells"] = double(settings.tileCells) * settings.tileCells;
    state.counters["polygons"] = polygons;
}
BENCHMARK(RecastSingleTile)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

// An obstacle of radius 2 moved by 3: the tiles where it was and where it is baked again, in place.
static void RebakeMovedObstacle(benchmark::State &state)
{
    const auto mesh = bakedTerrain();
    double x = 300;
    nav::BakeStats stats;
    for (auto _ : state) {
        const double from = x;
        x = x == 300 ? 303 : 300;
        stats = nav::rebakeTiles(*mesh, terrain(), {disc(x, 300, 2)},
                                 {core::PlanBox{from - 2, 298, from + 2, 302}, core::PlanBox{x - 2, 298, x + 2, 302}},
                                 nullptr, {});
    }
    state.counters["tiles"] = stats.baked;
}
BENCHMARK(RebakeMovedObstacle)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

// A way of about 100 m across the terrain: the corridor by A*, then the funnel (corners only).
static void Route100m(benchmark::State &state)
{
    nav::NavQuery query(bakedTerrain());
    const core::Vec3 a{40, 60, 0}, b{130, 100, 0};
    const auto from = query.nearestAnywhere(a, 50), to = query.nearestAnywhere(b, 50);
    if (!from || !to) {
        state.SkipWithError("no walkable ground at the ends");
        return;
    }
    double length = 0;
    for (auto _ : state) {
        const auto way = query.way(*from, *to);
        length = way.length;
        benchmark::DoNotOptimize(way.points.data());
    }
    state.counters["length"] = length;
}
BENCHMARK(Route100m)->Unit(benchmark::kMicrosecond)->Repetitions(5)->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
