// Bezier rails and frames (issue 13 targets):
//  - nearest point on a 16,384-segment Bezier rail with hand-shaped handles against the Catmull-Rom
//    rail through the same points (target: within 1.2x), 10,000 random queries, one per iteration;
//  - up vectors for 1,000,000 equal-spacing samples (target: < 100 ms), the frame table built once
//    and timed separately, samples computed outside the timed loop.
#include "core/arc_length.h"
#include "core/frames.h"
#include "core/rail_index.h"
#include "core/spline.h"

#include "random_rail.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

using namespace railforge::core;

namespace {

constexpr int kQueries = 10'000;

// The same points as a Bezier rail shaped by hand: each point's auto handles turned into aligned,
// free or mirrored ones, lengths scaled by 0.6..1.6 and directions nudged, a few corners.
Curve shaped(const Curve &cr, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> scale(0.6, 1.6);
    std::uniform_real_distribution<double> nudge(-0.2, 0.2);
    Curve c = cr;
    c.spec.type = SplineType::Bezier;
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        PointHandles h = effectiveHandles(cr, i);
        switch (i % 5) {
        case 0:
            h.mode = HandleMode::Aligned;
            h.in = h.in * scale(rng);
            h.out = h.out * scale(rng);
            break;
        case 1:
            h.mode = HandleMode::Free;
            h.out += Vec3{nudge(rng), nudge(rng), nudge(rng)};
            break;
        case 2:
            h.mode = HandleMode::Mirrored;
            h.out = h.out * scale(rng);
            h.in = -h.out;
            break;
        case 3: h.mode = i % 25 == 3 ? HandleMode::Corner : HandleMode::Auto; break;
        default:
            h.mode = HandleMode::Free;
            h.in = h.in * scale(rng);
            break;
        }
        c.handles.push_back(h);
    }
    return c;
}

std::vector<Vec3> queriesAround(const ArcLengthTable &table, std::uint64_t seed)
{
    Vec3 lo = table.segments[0].p[0];
    Vec3 hi = lo;
    for (const CubicBezier &b : table.segments)
        for (const Vec3 &q : b.p) {
            lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
            hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
        }
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<Vec3> out;
    for (int i = 0; i < kQueries; ++i)
        out.push_back(
            {lo.x + (hi.x - lo.x) * unit(rng), lo.y + (hi.y - lo.y) * unit(rng), lo.z + (hi.z - lo.z) * unit(rng)});
    return out;
}

void runNearest(benchmark::State &state, const Curve &curve)
{
    const RailIndex index(curve, 0);
    const std::vector<Vec3> queries = queriesAround(buildArcLengthTable(curve), 4242);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(index.nearest(queries[i])->distance);
        i = i + 1 == queries.size() ? 0 : i + 1;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void NearestCatmullRom(benchmark::State &state)
{
    runNearest(state, randomRail(static_cast<int>(state.range(0)), 1234));
}

void NearestBezierShaped(benchmark::State &state)
{
    runNearest(state, shaped(randomRail(static_cast<int>(state.range(0)), 1234), 5));
}

// Building the frame table (RMF stations) of a rail.
void FrameTableBuild(benchmark::State &state)
{
    const Curve curve = shaped(randomRail(static_cast<int>(state.range(0)), 7), 3);
    const ArcLengthTable table = buildArcLengthTable(curve);
    std::vector<double> tilts(curve.points.size());
    for (std::size_t i = 0; i < tilts.size(); ++i) tilts[i] = double(i % 7) * 15.0;
    std::size_t stations = 0;
    for (auto _ : state) {
        const FrameTable frames = buildFrameTable(table, tilts);
        stations = frames.stations.size();
        benchmark::DoNotOptimize(frames.stations.data());
    }
    state.counters["stations"] = static_cast<double>(stations);
}

// Up vectors of 1,000,000 samples of a tilted rail (table and samples built outside the loop).
void UpVectors1e6(benchmark::State &state)
{
    const Curve curve = shaped(randomRail(static_cast<int>(state.range(0)), 7), 3);
    const ArcLengthTable table = buildArcLengthTable(curve);
    std::vector<double> tilts(curve.points.size());
    for (std::size_t i = 0; i < tilts.size(); ++i) tilts[i] = double(i % 7) * 15.0;
    const FrameTable frames = buildFrameTable(table, tilts);
    const std::vector<CurveSample> rows = sample(table, totalLength(table) / 1e6);
    for (auto _ : state) {
        const std::vector<Vec3> ups = upVectors(frames, rows);
        benchmark::DoNotOptimize(ups.data());
    }
    state.counters["rows"] = static_cast<double>(rows.size());
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * rows.size()));
}

} // namespace

BENCHMARK(NearestCatmullRom)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(NearestBezierShaped)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(NearestCatmullRom)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(NearestBezierShaped)->Arg(16384)->Unit(benchmark::kMicrosecond);
BENCHMARK(FrameTableBuild)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(UpVectors1e6)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
