// The ground of a level with a 1,000,000-triangle terrain: reading the glTF with assimp and building
// the BVH (target: under 3 s together), and ground queries (target: under 1 microsecond median),
// highest and highest-below, at random points and along a mouse path. With Embree 3 installed
// (libembree-dev), the same queries answered by Embree's single ray straight down, timed in turn with
// ours (target: ours within 1.5 times Embree's), and the answers compared.
#include "core/ground.h"
#include "document/ground/rail_height_fit.h"
#include "document/ground/reference_files.h"

#include "terrain_gltf.h"
#ifdef RAILFORGE_BENCH_EMBREE
#include "embree_ground.h"
#endif

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <numbers>
#include <optional>
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
    std::size_t bytes = 0;
    for (auto _ : state) {
        const core::GroundMesh mesh(triangles);
        benchmark::DoNotOptimize(&mesh);
        bytes = mesh.bytes();
    }
    state.counters["triangles"] = double(triangles.size());
    state.counters["megabytes"] = double(bytes) / 1e6; // what the mesh keeps: hierarchy and leaves
}
BENCHMARK(BuildBvh)->Unit(benchmark::kMillisecond)->Iterations(3);

namespace {

// A query: the point, and the height below which highestBelow looks.
struct QueryPoint {
    double x, y, z;
};

// 4096 queries over the terrain, asked in turn and again: at random (each far from the last, its
// nodes rarely in the closer caches) or along a mouse path (each next to the last: steps of 0.25 to
// 0.75 turning by up to 10 degrees, bouncing off the edges, as a pointer moved over the plan asks).
// z at random in -60..60 either way (the terrain spans about -20..1,000: often under it).
const std::vector<QueryPoint> &queryPoints(bool path)
{
    static const std::vector<QueryPoint> sets[2] = {
        [] {
            std::mt19937 rng(5);
            std::uniform_real_distribution<double> xy(0, bench::kTerrainSide - 1), z(-60, 60);
            std::vector<QueryPoint> points(4096);
            for (auto &p : points) {
                // One draw per statement: the sequence must not depend on the evaluation order.
                p.x = xy(rng);
                p.y = xy(rng);
                p.z = z(rng);
            }
            return points;
        }(),
        [] {
            std::mt19937 rng(6);
            std::uniform_real_distribution<double> step(0.25, 0.75), turn(-10, 10), z(-60, 60);
            const double lo = 1, hi = bench::kTerrainSide - 2;
            double x = 0.5 * (lo + hi), y = x, heading = 0.3;
            std::vector<QueryPoint> points(4096);
            for (auto &p : points) {
                p = {x, y, z(rng)};
                heading += turn(rng) * std::numbers::pi / 180;
                const double length = step(rng);
                x += length * std::cos(heading);
                y += length * std::sin(heading);
                if (x < lo || x > hi) x = std::clamp(x, lo, hi), heading = std::numbers::pi - heading;
                if (y < lo || y > hi) y = std::clamp(y, lo, hi), heading = -heading;
            }
            return points;
        }(),
    };
    return sets[path ? 1 : 0];
}

const std::vector<core::GroundTriangle> &terrain()
{
    static const std::vector<core::GroundTriangle> triangles = bench::terrainTriangles();
    return triangles;
}

const core::GroundMesh &terrainMesh()
{
    static const core::GroundMesh mesh(terrain());
    return mesh;
}

template <class Ground>
std::optional<double> ask(const Ground &ground, const QueryPoint &p, bool below)
{
    return below ? ground.highestBelow(p.x, p.y, p.z) : ground.highest(p.x, p.y);
}

template <class Ground>
void timeQueries(benchmark::State &state, const Ground &ground)
{
    const bool below = state.range(0) == 1;
    const std::vector<QueryPoint> &points = queryPoints(state.range(1) == 1);
    std::size_t i = 0;
    for (auto _ : state) {
        auto h = ask(ground, points[i++ & 4095], below);
        benchmark::DoNotOptimize(h);
    }
}

} // namespace

static void Query(benchmark::State &state) { timeQueries(state, terrainMesh()); }
BENCHMARK(Query)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->ArgNames({"below", "path"})
    ->Unit(benchmark::kNanosecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

#ifdef RAILFORGE_BENCH_EMBREE
namespace {

const bench::EmbreeGround &terrainEmbree()
{
    static const bench::EmbreeGround embree(terrain());
    return embree;
}

// Both answers at each point: the same height (within kSurfaceGap: Embree keeps floats) where both
// hit; where only one does, counted apart (RailForge is exact on edges and corners, where Embree's
// float test may slip between two triangles).
struct Agreement {
    double same = 0, differ = 0, embreeMissed = 0, embreeOnly = 0;
    void check(std::optional<double> ours, std::optional<double> theirs)
    {
        if (ours && theirs)
            (std::abs(*ours - *theirs) <= core::kSurfaceGap ? same : differ) += 1;
        else if (ours)
            embreeMissed += 1;
        else if (theirs)
            embreeOnly += 1;
    }
    void report(benchmark::State &state) const
    {
        state.counters["same"] = same;
        state.counters["differ"] = differ;
        state.counters["embree_missed"] = embreeMissed;
        state.counters["embree_only"] = embreeOnly;
    }
};

} // namespace

static void QueryEmbree(benchmark::State &state) { timeQueries(state, terrainEmbree()); }
BENCHMARK(QueryEmbree)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->ArgNames({"below", "path"})
    ->Unit(benchmark::kNanosecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

// RailForge and Embree in turn over the same 4096 queries, each pass timed, so the ratio is taken
// within one process on the same machine state: ns per query each and railforge / embree. And the
// answers compared.
static void QueryVersusEmbree(benchmark::State &state)
{
    const core::GroundMesh &mesh = terrainMesh();
    const bench::EmbreeGround &embree = terrainEmbree();
    const bool below = state.range(0) == 1;
    const std::vector<QueryPoint> &points = queryPoints(state.range(1) == 1);
    Agreement agreement;
    for (const QueryPoint &p : points) agreement.check(ask(mesh, p, below), ask(embree, p, below));
    double ours = 0, theirs = 0;
    auto pass = [&](const auto &ground) {
        const auto start = std::chrono::steady_clock::now();
        for (const QueryPoint &p : points) {
            auto h = ask(ground, p, below);
            benchmark::DoNotOptimize(h);
        }
        return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    };
    for (auto _ : state) {
        ours += pass(mesh);
        theirs += pass(embree);
    }
    const double queries = double(state.iterations()) * double(points.size());
    state.counters["railforge_ns"] = ours / queries;
    state.counters["embree_ns"] = theirs / queries;
    state.counters["ratio"] = ours / theirs;
    agreement.report(state);
}
BENCHMARK(QueryVersusEmbree)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->ArgNames({"below", "path"})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(100)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

// Exactness where it is hardest: every vertex of the terrain's central 100 x 100 cells, the midpoints
// of their edges and diagonals, and points a hair (1e-7) either side of them.
static void QueryAgreementOnEdges(benchmark::State &state)
{
    const core::GroundMesh &mesh = terrainMesh();
    const bench::EmbreeGround &embree = terrainEmbree();
    Agreement agreement;
    for (auto _ : state) {
        agreement = {};
        const double base = 300;
        for (int j = 0; j < 100; ++j)
            for (int i = 0; i < 100; ++i)
                for (double dx : {0.0, 0.5})
                    for (double dy : {0.0, 0.5})
                        for (double hair : {0.0, -1e-7, 1e-7}) {
                            const double x = base + i + dx + hair, y = base + j + dy - hair;
                            agreement.check(mesh.highest(x, y), embree.highest(x, y));
                        }
    }
    agreement.report(state);
}
BENCHMARK(QueryAgreementOnEdges)->Unit(benchmark::kMillisecond)->Iterations(1);
#endif

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
