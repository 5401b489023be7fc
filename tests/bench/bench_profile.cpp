// The profile of a long rail (core/rail_profile.h): tables, frames and every row's pitch, curvature,
// tilt and bank, on random rails of 1,024 and 16,384 segments at spacing 0.1 (what the profile panel
// and `railforge-cli profile` compute).
#include "core/rail_profile.h"

#include "random_rail.h"

#include <benchmark/benchmark.h>

using namespace railforge::core;

static void RailProfile(benchmark::State &state)
{
    const Curve curve = randomRail(static_cast<int>(state.range(0)), 99);
    std::size_t rows = 0;
    for (auto _ : state) {
        const ArcLengthTable table = buildArcLengthTable(curve);
        const FrameTable frames = buildFrameTable(table, {}, FrameMode::Upright);
        const std::vector<ProfileRow> profile = railProfile(table, frames, 0.1);
        rows = profile.size();
        benchmark::DoNotOptimize(profile.data());
    }
    state.counters["rows"] = double(rows);
}
BENCHMARK(RailProfile)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
