// The ground of a level with a 1,000,000-triangle terrain: reading the glTF with assimp and building
// the BVH (target: under 3 s together), and ground queries (target: under 1 microsecond median),
// highest and highest-below, at random points.
#include "core/ground.h"
#include "document/ground/rail_height_fit.h"
#include "document/ground/reference_files.h"

#include "terrain_gltf.h"

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <random>

using namespace railforge;

static void LoadGltfAndBuild(benchmark::State &state)
{
    QTemporaryDir dir;
    const QString path = bench::writeTerrainGltf(dir.path());
    document::Reference reference;
    reference.kind = document::ReferenceKind::Mesh;
    reference.file = "terrain.gltf";
    std::size_t triangles = 0;
    const document::ProjectFiles files(dir.path(), {});
    for (auto _ : state) {
        document::ReferenceProblem problem;
        auto read = document::readMeshTriangles(reference, files, document::ReadBudget(), &problem);
        if (!read) state.SkipWithError(problem.message.c_str());
        const core::GroundMesh mesh(std::move(*read));
        triangles = mesh.size();
        benchmark::DoNotOptimize(&mesh);
    }
    state.counters["triangles"] = double(triangles);
}
BENCHMARK(LoadGltfAndBuild)->Unit(benchmark::kMillisecond)->Iterations(2);

static void BuildBvh(benchmark::State &state)
{
    const std::vector<core::GroundTriangle> triangles = bench::terrainTriangles();
    for (auto _ : state) {
        const core::GroundMesh mesh(triangles);
        benchmark::DoNotOptimize(&mesh);
    }
    state.counters["triangles"] = double(triangles.size());
}
BENCHMARK(BuildBvh)->Unit(benchmark::kMillisecond)->Iterations(3);

static void Query(benchmark::State &state)
{
    static const core::GroundMesh mesh(bench::terrainTriangles());
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> xy(0, bench::kTerrainSide - 1), z(-60, 60);
    std::vector<std::array<double, 3>> points(4096);
    for (auto &p : points) p = {xy(rng), xy(rng), z(rng)};
    std::size_t i = 0;
    const bool below = state.range(0) == 1;
    for (auto _ : state) {
        const auto &p = points[i++ & 4095];
        auto h = below ? mesh.highestBelow(p[0], p[1], p[2]) : mesh.highest(p[0], p[1]);
        benchmark::DoNotOptimize(h);
    }
}
BENCHMARK(Query)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("below")
    ->Unit(benchmark::kNanosecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

// Fit heights (clearance 1, 6°, tolerance 0.25) of a 40-point Catmull-Rom rail meandering about
// 2.4 km over the terrain: the lowest profile at 6 cm, the fit, the points it adds.
static void FitHeights(benchmark::State &state)
{
    static const std::shared_ptr<const core::GroundMesh> mesh =
        std::make_shared<core::GroundMesh>(bench::terrainTriangles());
    core::GroundSet ground;
    ground.add(mesh);
    document::Rail rail;
    rail.id = "meander";
    std::mt19937 rng(9);
    std::uniform_real_distribution<double> jitter(-60, 60);
    for (int i = 0; i < 40; ++i) {
        const double x = 40 + 620.0 * (i % 10) / 9, y = 60 + 150.0 * (i / 10);
        rail.points.push_back({(i / 10) % 2 ? 700 - x : x + jitter(rng) * 0.1, y + jitter(rng), 80});
    }
    document::FitHeightsOptions options;
    options.clearance = 1;
    options.maxGradeDegrees = 6;
    options.tolerance = 0.25;
    document::FitHeightsOutcome fitted;
    for (auto _ : state) {
        fitted = document::fitRailHeights(rail, ground, options);
        benchmark::DoNotOptimize(&fitted);
    }
    if (!fitted.error.empty()) state.SkipWithError(fitted.error.c_str());
    state.counters["added"] = double(fitted.added);
    state.counters["unmet"] = double(fitted.unmet.size());
    state.counters["steepest"] = fitted.steepest;
}
BENCHMARK(FitHeights)->Unit(benchmark::kMillisecond)->Iterations(2);

BENCHMARK_MAIN();
