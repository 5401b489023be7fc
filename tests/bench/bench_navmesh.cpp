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
#include <recastnavigation/Recast.h>

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

// Recast's own single-tile build of the same input on one core, as its demo's "solo mesh" does: one
// heightfield over the whole terrain, triangles marked by Recast's slope test, rasterised, filtered,
// eroded, split into regions by watershed, traced, polygons and their detail. Detour's data for it is
// not made: one tile cannot number that many corners, which is why a mesh this big is tiled. The
// terrain rises about 1,020 units, more than one heightfield's 8,191 steps of the tiled bake's height
// step (0.067), so both this and the tiled bake it is compared with use steps of `ch` (0.2 here).
constexpr float kSoloStep = 0.2f;

static void RecastSingleTile(benchmark::State &state)
{
    const nav::BakeSettings settings = nav::bakeSettingsFor(kGuard);
    std::vector<float> verts;
    terrain().trianglesIn(terrain().bounds(), verts);
    const int triangles = int(verts.size() / 9);
    std::vector<int> indices(std::size_t(triangles) * 3);
    for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = int(i);

    rcConfig cfg{};
    cfg.cs = float(settings.cell);
    cfg.ch = kSoloStep;
    cfg.walkableSlopeAngle = float(kGuard.slope);
    cfg.walkableHeight = int(std::ceil(kGuard.height / cfg.ch));
    cfg.walkableClimb = int(std::floor(kGuard.climb / cfg.ch));
    cfg.walkableRadius = int(std::ceil(kGuard.radius / cfg.cs));
    cfg.maxEdgeLen = cfg.walkableRadius * 8;
    cfg.maxSimplificationError = 1.0f;
    cfg.minRegionArea = 8 * 8;
    cfg.mergeRegionArea = 20 * 20;
    cfg.maxVertsPerPoly = 6;
    cfg.detailSampleDist = cfg.cs * 6.0f;
    cfg.detailSampleMaxError = cfg.ch;
    rcCalcBounds(verts.data(), triangles * 3, cfg.bmin, cfg.bmax);
    rcCalcGridSize(cfg.bmin, cfg.bmax, cfg.cs, &cfg.width, &cfg.height);

    rcContext ctx(false);
    int polygons = 0;
    for (auto _ : state) {
        // Each stage's failure ends the run: a build that stopped early is not a figure.
        const auto fail = [&state](const char *what) { state.SkipWithError(what); };
        rcHeightfield *solid = rcAllocHeightfield();
        std::vector<unsigned char> areas(std::size_t(triangles), 0);
        if (!rcCreateHeightfield(&ctx, *solid, cfg.width, cfg.height, cfg.bmin, cfg.bmax, cfg.cs, cfg.ch))
            return fail("heightfield");
        rcMarkWalkableTriangles(&ctx, cfg.walkableSlopeAngle, verts.data(), triangles * 3, indices.data(), triangles,
                                areas.data());
        if (!rcRasterizeTriangles(&ctx, verts.data(), triangles * 3, indices.data(), areas.data(), triangles, *solid,
                                  cfg.walkableClimb))
            return fail("rasterise");
        rcFilterLowHangingWalkableObstacles(&ctx, cfg.walkableClimb, *solid);
        rcFilterLedgeSpans(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid);
        rcFilterWalkableLowHeightSpans(&ctx, cfg.walkableHeight, *solid);
        rcCompactHeightfield *chf = rcAllocCompactHeightfield();
        if (!rcBuildCompactHeightfield(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid, *chf))
            return fail("compact");
        rcFreeHeightField(solid);
        if (!rcErodeWalkableArea(&ctx, cfg.walkableRadius, *chf) || !rcBuildDistanceField(&ctx, *chf) ||
            !rcBuildRegions(&ctx, *chf, 0, cfg.minRegionArea, cfg.mergeRegionArea))
            return fail("regions");
        rcContourSet *contours = rcAllocContourSet();
        if (!rcBuildContours(&ctx, *chf, cfg.maxSimplificationError, cfg.maxEdgeLen, *contours))
            return fail("contours");
        rcPolyMesh *mesh = rcAllocPolyMesh();
        if (!rcBuildPolyMesh(&ctx, *contours, cfg.maxVertsPerPoly, *mesh)) return fail("polygons");
        rcPolyMeshDetail *detail = rcAllocPolyMeshDetail();
        if (!rcBuildPolyMeshDetail(&ctx, *mesh, *chf, cfg.detailSampleDist, cfg.detailSampleMaxError, *detail))
            return fail("detail");
        polygons = mesh->npolys;
        rcFreePolyMeshDetail(detail);
        rcFreePolyMesh(mesh);
        rcFreeContourSet(contours);
        rcFreeCompactHeightfield(chf);
    }
    if (polygons == 0) state.SkipWithError("no polygons: the build did not run");
    state.counters["cells"] = double(cfg.width) * cfg.height;
    state.counters["polygons"] = polygons;
}
BENCHMARK(RecastSingleTile)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

// The tiled bake on one core with the same height step as the single tile above, so the two compare
// like for like (the tiles' borders and their seams are the tiled bake's own cost).
static void BakeTerrainTiledOneCoreSoloStep(benchmark::State &state)
{
    const nav::WalkableInput &input = terrain();
    nav::BakeSettings settings = nav::bakeSettingsFor(kGuard);
    settings.cellHeight = kSoloStep;
    nav::BakeLimits limits;
    limits.threads = 1;
    nav::BakeStats stats;
    for (auto _ : state) {
        auto result = nav::bakeNavMesh(input, {}, kGuard, settings, nullptr, limits);
        if (!result.mesh) state.SkipWithError("the bake failed");
        stats = result.stats;
        benchmark::DoNotOptimize(result.mesh);
    }
    state.counters["polygons"] = stats.polygons;
}
BENCHMARK(BakeTerrainTiledOneCoreSoloStep)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

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
