// Rail proximity benchmarks: RailIndex against seed 003's brute force and spherical partition,
// on random rails of 4, 64, 1024 and 16384 segments, 10,000 random queries each. One iteration
// is one query; every method reports its worst error against an exact reference as a counter,
// relative to the rail's bounding-box diagonal. RailIndex also: coherent queries (each hinted
// with the previous answer, and the same sequences unhinted), batches of 1,000,000 queries on 1
// and 2 threads, index build time and memory per segment. Also: equal arc-length sampling of 1e6
// rows.
#include "core/arc_length.h"
#include "core/proximity_baselines.h"
#include "core/rail_index.h"

#include "golden_section.h"
#include "random_rail.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <random>
#include <vector>

using namespace railforge::core;

namespace {

constexpr int kQueries = 10'000;

// Slow exact reference for one query: segments in increasing order of their control-hull box
// distance (a heap), each sampled densely and every sampled local minimum golden-section
// polished, until the next box is farther than the best distance found.
double referenceDistance(const std::vector<CubicBezier> &segs, Vec3 p)
{
    const auto boxDistance = [&p](const CubicBezier &b) {
        Vec3 lo = b.p[0];
        Vec3 hi = b.p[0];
        for (const Vec3 &q : b.p) {
            lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
            hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
        }
        const Vec3 e{std::max({lo.x - p.x, p.x - hi.x, 0.0}), std::max({lo.y - p.y, p.y - hi.y, 0.0}),
                     std::max({lo.z - p.z, p.z - hi.z, 0.0})};
        return length(e);
    };
    std::vector<std::pair<double, std::size_t>> heap;
    heap.reserve(segs.size());
    for (std::size_t i = 0; i < segs.size(); ++i) heap.emplace_back(-boxDistance(segs[i]), i);
    std::make_heap(heap.begin(), heap.end());
    double best = std::numeric_limits<double>::infinity();
    constexpr int n = 64;
    while (!heap.empty() && -heap.front().first <= best) {
        std::pop_heap(heap.begin(), heap.end());
        const CubicBezier &b = segs[heap.back().second];
        heap.pop_back();
        const auto f = [&](double u) { return distance(evaluate(b, u), p); };
        double d[n + 1];
        for (int j = 0; j <= n; ++j) {
            d[j] = f(double(j) / n);
            best = std::min(best, d[j]);
        }
        for (int j = 0; j <= n; ++j) {
            if (!((j == 0 || d[j] <= d[j - 1]) && (j == n || d[j] <= d[j + 1]))) continue;
            double lo = double(std::max(0, j - 1)) / n;
            double hi = double(std::min(n, j + 1)) / n;
            best = std::min(best, railforge::testing::goldenSectionMinimum(f, lo, hi, 80).value);
        }
    }
    return best;
}

// Everything one rail size needs, built once (outside the timed loops).
struct Fixture {
    Curve curve;                        // the rail
    ArcLengthTable table;               // its arc-length table
    RailIndex index;                    // RailForge's index
    BruteForceSamples brute;            // seed brute force: samples every 0.1 mean segment length
    SpherePartition spheres;            // seed spherical partition: one sphere per mean segment length
    std::vector<Vec3> queries;          // uniform in the rail's box grown by 5% of its diagonal
    std::vector<double> reference;      // exact distance of each query
    std::vector<Vec3> walk;             // coherent queries: each within 1% of the rail's length of the previous
    std::vector<double> walkReference;  // their exact distances
    std::vector<Vec3> rider;            // a rider's queries: along the rail, 0.01% of its length apart, jittered
    std::vector<double> riderReference; // their exact distances
    double diagonal = 0.0;              // bounding-box diagonal (error scale)
    double meanSegment = 0.0;           // mean segment arc length
    double farthest = 0.0;              // largest reference distance (the sphere method's range)

    explicit Fixture(int segments)
        : curve(randomRail(segments, 1234 + static_cast<std::uint64_t>(segments))), table(buildArcLengthTable(curve)),
          index(curve, 0)
    {
        meanSegment = totalLength(table) / segments;
        brute = buildBruteForceSamples(table, 0.1 * meanSegment);
        spheres = buildSpherePartition(table, meanSegment);
        Vec3 lo = curve.points[0];
        Vec3 hi = curve.points[0];
        for (const CubicBezier &b : table.segments) {
            for (const Vec3 &q : b.p) {
                lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
                hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
            }
        }
        diagonal = distance(lo, hi);
        const Vec3 grow = Vec3{1, 1, 1} * (0.05 * diagonal);
        lo -= grow;
        hi += grow;
        std::mt19937_64 rng(99 + static_cast<std::uint64_t>(segments));
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (int i = 0; i < kQueries; ++i) {
            const Vec3 q{lo.x + (hi.x - lo.x) * unit(rng), lo.y + (hi.y - lo.y) * unit(rng),
                         lo.z + (hi.z - lo.z) * unit(rng)};
            queries.push_back(q);
            reference.push_back(referenceDistance(table.segments, q));
            farthest = std::max(farthest, reference.back());
        }
        // The walk: steps of uniform random direction and length up to 1% of the rail's length,
        // reflected back into the query box at its walls.
        const double step = 0.01 * totalLength(table);
        Vec3 at = queries.front();
        const auto reflect = [](double x, double a, double b) {
            for (int k = 0; k < 8 && (x < a || x > b); ++k) x = x < a ? 2 * a - x : 2 * b - x;
            return std::clamp(x, a, b);
        };
        for (int i = 0; i < kQueries; ++i) {
            const double theta = 2.0 * std::numbers::pi * unit(rng);
            const double cz = 2.0 * unit(rng) - 1.0;
            const double r = std::sqrt(1.0 - cz * cz);
            at += Vec3{r * std::cos(theta), r * std::sin(theta), cz} * (step * unit(rng));
            at = {reflect(at.x, lo.x, hi.x), reflect(at.y, lo.y, hi.y), reflect(at.z, lo.z, hi.z)};
            walk.push_back(at);
            walkReference.push_back(referenceDistance(table.segments, at));
        }
        // The rider: one pass along the rail, jittered by up to half a mean segment.
        for (int i = 0; i < kQueries; ++i) {
            const Vec3 jitter{2.0 * unit(rng) - 1.0, 2.0 * unit(rng) - 1.0, 2.0 * unit(rng) - 1.0};
            const Vec3 q = sampleAt(table, totalLength(table) * i / kQueries).position + jitter * (0.5 * meanSegment);
            rider.push_back(q);
            riderReference.push_back(referenceDistance(table.segments, q));
        }
    }
};

// The fixture of a size, built on first use.
Fixture &fixture(int segments)
{
    static std::map<int, std::unique_ptr<Fixture>> cache;
    std::unique_ptr<Fixture> &slot = cache[segments];
    if (!slot) slot = std::make_unique<Fixture>(segments);
    return *slot;
}

// Runs one query per iteration, cycling through the queries, then reports the worst error.
template <class Query>
void runQueries(benchmark::State &state, Fixture &fx, Query query)
{
    runQueries(state, fx, fx.queries, fx.reference, query);
}

// The same over a given query sequence and its exact distances.
template <class Query>
void runQueries(benchmark::State &state, const Fixture &fx, const std::vector<Vec3> &queries,
                const std::vector<double> &reference, Query query)
{
    std::vector<double> answers(kQueries, -1.0);
    std::size_t i = 0;
    for (auto _ : state) {
        const double d = query(queries[i]);
        benchmark::DoNotOptimize(d);
        answers[i] = d;
        i = i + 1 == answers.size() ? 0 : i + 1;
    }
    double worst = 0.0;
    int checked = 0;
    int missed = 0;
    for (std::size_t k = 0; k < answers.size(); ++k) {
        if (answers[k] == -1.0) continue;
        ++checked;
        if (std::isinf(answers[k]))
            ++missed;
        else
            worst = std::max(worst, std::abs(answers[k] - reference[k]) / fx.diagonal);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
    state.counters["max_err"] = worst;
    state.counters["checked"] = checked;
    state.counters["missed"] = missed;
}

// RailForge: exact branch-and-bound over the BVH, every query cold.
void RailIndexNearest(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runQueries(state, fx, [&fx](Vec3 q) { return fx.index.nearest(q)->distance; });
    state.counters["bytes_per_segment"] =
        static_cast<double>(fx.index.memoryBytes()) / static_cast<double>(state.range(0));
}

// Runs a query sequence with each query hinted with the previous answer.
void runHinted(benchmark::State &state, Fixture &fx, const std::vector<Vec3> &queries,
               const std::vector<double> &reference)
{
    RailHit previous = *fx.index.nearest(queries.back());
    runQueries(state, fx, queries, reference, [&fx, &previous](Vec3 q) {
        previous = *fx.index.nearest(q, previous);
        return previous.distance;
    });
}

// Coherent queries: a walk whose every step is up to 1% of the rail's length, each query hinted
// with the previous answer.
void RailIndexCoherent(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runHinted(state, fx, fx.walk, fx.walkReference);
}

// A rider (or a cursor following a rail): consecutive queries 0.01% of the rail's length apart
// along it, jittered by up to half a segment; each hinted with the previous answer.
void RailIndexCoherentRider(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runHinted(state, fx, fx.rider, fx.riderReference);
}

// The coherent walk and the rider again, every query cold: what the hints save (or cost).
void RailIndexCoherentUnhinted(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runQueries(state, fx, fx.walk, fx.walkReference, [&fx](Vec3 q) { return fx.index.nearest(q)->distance; });
}
void RailIndexCoherentRiderUnhinted(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runQueries(state, fx, fx.rider, fx.riderReference, [&fx](Vec3 q) { return fx.index.nearest(q)->distance; });
}

// A batch of 1,000,000 queries uniform in the query box, on state.range(1) threads, into an answer
// buffer reused across iterations. One iteration is the whole batch; max_diff_vs_cold compares the
// first 10,000 answers with cold queries.
void RailIndexBatch(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    constexpr std::size_t kBatch = 1'000'000;
    static std::map<int, std::vector<Vec3>> pointsOf;
    std::vector<Vec3> &points = pointsOf[static_cast<int>(state.range(0))];
    if (points.empty()) {
        Vec3 lo = fx.queries.front();
        Vec3 hi = lo;
        for (const Vec3 &q : fx.queries) {
            lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
            hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
        }
        std::mt19937_64 rng(5 + static_cast<std::uint64_t>(state.range(0)));
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (std::size_t i = 0; i < kBatch; ++i)
            points.push_back(
                {lo.x + (hi.x - lo.x) * unit(rng), lo.y + (hi.y - lo.y) * unit(rng), lo.z + (hi.z - lo.z) * unit(rng)});
    }
    std::vector<std::optional<RailHit>> out(kBatch);
    const BatchOptions options{static_cast<unsigned>(state.range(1)), {}};
    for (auto _ : state) {
        fx.index.nearestBatch(points, out, options);
        benchmark::DoNotOptimize(out.data());
    }
    double worst = 0.0;
    for (std::size_t i = 0; i < kQueries; ++i)
        worst = std::max(worst, std::abs(out[i]->distance - fx.index.nearest(points[i])->distance) / fx.diagonal);
    state.counters["max_diff_vs_cold"] = worst;
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kBatch));
}

// Building the index (ms): linear-logarithmic in the segments.
void RailIndexBuild(benchmark::State &state)
{
    const Curve curve = randomRail(static_cast<int>(state.range(0)), 11);
    for (auto _ : state) {
        const RailIndex index(curve, 0);
        benchmark::DoNotOptimize(&index);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * state.range(0)));
}

// Seed 003 brute force: closest of the samples taken every 0.1 mean segment length.
void BruteForce(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runQueries(state, fx, [&fx](Vec3 q) { return bruteForceNearest(fx.brute, q)->distance; });
}

// Seed 003 spherical partition, threshold 0.01 mean segment length, input range = the farthest
// query's true distance (so that every query is "in range" and gets an answer).
void SpherePartitionNearest(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runQueries(state, fx, [&fx](Vec3 q) {
        const std::optional<BaselineHit> hit =
            spherePartitionNearest(fx.spheres, q, fx.farthest, 0.01 * fx.meanSegment);
        return hit ? hit->distance : std::numeric_limits<double>::infinity();
    });
}

// Seed 003 spherical partition used as the seed intends for gameplay: input range one mean
// segment length ("near the rail?"); farther queries get no answer (counted as missed).
void SpherePartitionNearRange(benchmark::State &state)
{
    Fixture &fx = fixture(static_cast<int>(state.range(0)));
    runQueries(state, fx, [&fx](Vec3 q) {
        const std::optional<BaselineHit> hit =
            spherePartitionNearest(fx.spheres, q, fx.meanSegment, 0.01 * fx.meanSegment);
        return hit ? hit->distance : std::numeric_limits<double>::infinity();
    });
}

// Equal arc-length sampling of a rail into 1,000,000 rows (table built once, outside the loop).
void RailSample1e6(benchmark::State &state)
{
    const Curve curve = randomRail(static_cast<int>(state.range(0)), 7);
    const ArcLengthTable table = buildArcLengthTable(curve);
    const double spacing = totalLength(table) / 1e6; // 1,000,000 steps: 1,000,001 rows (or one less)
    std::size_t rows = 0;
    for (auto _ : state) {
        const std::vector<CurveSample> out = sample(table, spacing);
        rows = out.size();
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["rows"] = static_cast<double>(rows);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rows));
}

} // namespace

BENCHMARK(RailIndexNearest)->Arg(4)->Arg(64)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(RailIndexCoherent)->Arg(4)->Arg(64)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(RailIndexCoherentRider)->Arg(4)->Arg(64)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(RailIndexCoherentUnhinted)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(RailIndexCoherentRiderUnhinted)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(RailIndexBatch)
    ->Args({1024, 1})
    ->Args({1024, 2})
    ->Args({16384, 1})
    ->Args({16384, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(RailIndexBuild)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BruteForce)->Arg(4)->Arg(64)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(SpherePartitionNearest)->Arg(4)->Arg(64)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(SpherePartitionNearRange)->Arg(4)->Arg(64)->Arg(1024)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(RailSample1e6)->Arg(64)->Arg(16384)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
