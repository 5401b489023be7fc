// Track meshes (docs/design.md "Track meshes") on the benchmark level (big_level.h: 1,000 rails of
// 100 points): every rail's section swept at the default 5 mm chord error, and the whole glTF file
// written as `railforge-cli export-mesh` writes it (target: under 2 s on one core; run it under
// `taskset -c 0`); and one rail re-swept after one of its points moves, as a drag would (target:
// within a 16 ms frame).
#include "core/track_sweep.h"
#include "document/export/track_gltf.h"
#include "document/model/rail_geometry.h"
#include "document/model/track_style.h"

#include "big_level.h"

#include <benchmark/benchmark.h>

using namespace railforge;

namespace {

const document::Level &bigLevel()
{
    static const document::Level level = bench::makeBigLevel();
    return level;
}

// The rail's table, frames and swept mesh, built from nothing as a re-sweep does.
core::TrackMesh sweepRail(const document::Rail &rail, const core::TrackSection &section)
{
    const core::ArcLengthTable table = core::buildArcLengthTable(document::railCurve(rail));
    const core::FrameTable frames = document::railFrames(rail, table);
    return core::sweepTrack(table, frames, section, 0.005);
}

void BM_SweepBigLevel(benchmark::State &state)
{
    const core::TrackSection section = document::trackSection(document::TrackStyle{}, 1.0);
    std::size_t vertices = 0;
    for (auto _ : state) {
        vertices = 0;
        for (const document::Rail &rail : bigLevel().rails) vertices += sweepRail(rail, section).positions.size();
        benchmark::DoNotOptimize(vertices);
    }
    state.counters["rails"] = double(bigLevel().rails.size());
    state.counters["vertices"] = double(vertices);
}

void BM_TrackGltfBigLevel(benchmark::State &state)
{
    std::size_t bytes = 0;
    for (auto _ : state) {
        std::string error;
        const std::string glb = document::trackGltf(bigLevel(), 1.0, {}, true, &error);
        if (glb.empty()) state.SkipWithError(error.c_str());
        bytes = glb.size();
        benchmark::DoNotOptimize(glb);
    }
    state.counters["MB"] = double(bytes) / 1e6;
}

void BM_ResweepDraggedRail(benchmark::State &state)
{
    const core::TrackSection section = document::trackSection(document::TrackStyle{}, 1.0);
    document::Rail rail = bigLevel().rails.front();
    double step = 0.0;
    for (auto _ : state) {
        // A drag step: the middle point a little further each time, so nothing is cached.
        step += 0.01;
        rail.points[rail.points.size() / 2].z += step;
        benchmark::DoNotOptimize(sweepRail(rail, section));
    }
    state.counters["points"] = double(rail.points.size());
}

} // namespace

BENCHMARK(BM_SweepBigLevel)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TrackGltfBigLevel)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ResweepDraggedRail)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
