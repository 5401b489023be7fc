// Merge and diff of big levels (docs/benchmarks.md "Merge and diff"): N waypoints and an edge (120,000
// make a 5 MB file, near the YAML node limit of one million), ours moving the first half and theirs
// the second, merged by object and field (mergeLevels; and the whole driver's work from the texts:
// reading the three sides, merging, writing the result and reading it back) and diffed. All should
// grow about linearly with N.
#include "document/merge/conflicted_level.h"
#include "document/merge/level_diff.h"
#include "document/merge/level_merge.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include <benchmark/benchmark.h>

namespace {
using namespace railforge;

// The level of n waypoints (and one edge), those for which moved(i) holds raised by 1.
template <typename Moved>
document::Level chain(int n, Moved moved)
{
    document::Level level;
    level.info.name = "Merge benchmark";
    for (int i = 0; i < n; ++i)
        level.waypoints.push_back(
            {"w" + std::to_string(i), {double(i % 1000), double(i / 1000), moved(i) ? 1.0 : 0.0}, {}});
    document::Edge edge;
    edge.from = "w0";
    edge.to = "w1";
    level.edges.push_back(edge);
    return level;
}

struct Sides {
    document::Level base, ours, theirs;
    std::string baseText, oursText, theirsText;
    explicit Sides(int n)
        : base(chain(n, [](int) { return false; })), ours(chain(n, [n](int i) { return i < n / 2; })),
          theirs(chain(n, [n](int i) { return i >= n / 2; })), baseText(document::writeLevel(base)),
          oursText(document::writeLevel(ours)), theirsText(document::writeLevel(theirs))
    {}
};

void MergeLevels(benchmark::State &state)
{
    const Sides sides(int(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(document::mergeLevels(sides.base, sides.ours, sides.theirs));
    state.SetComplexityN(state.range(0));
}
BENCHMARK(MergeLevels)->Arg(60000)->Arg(120000)->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);

// What the merge driver does: the three texts read (each tree kept), merged, the result written over
// ours' text with theirs' lines in, and read back.
void MergeDriver(benchmark::State &state)
{
    const Sides sides(int(state.range(0)));
    for (auto _ : state) {
        const auto b = document::readLevel(sides.baseText, "base", document::KeepTree::Yes);
        const auto o = document::readLevel(sides.oursText, "ours", document::KeepTree::Yes);
        const auto t = document::readLevel(sides.theirsText, "theirs", document::KeepTree::Yes);
        const auto merge = document::mergeLevels(*b.level, *o.level, *t.level);
        benchmark::DoNotOptimize(document::writeMergedLevel({{sides.baseText, &*b.level, b.tree.get()},
                                                             {sides.oursText, &*o.level, o.tree.get()},
                                                             {sides.theirsText, &*t.level, t.tree.get()}},
                                                            merge));
    }
    state.SetComplexityN(state.range(0));
}
BENCHMARK(MergeDriver)->Arg(60000)->Arg(120000)->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);

void DiffLevels(benchmark::State &state)
{
    const Sides sides(int(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(document::diffLevels(sides.base, sides.ours));
    state.SetComplexityN(state.range(0));
}
BENCHMARK(DiffLevels)->Arg(60000)->Arg(120000)->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);

} // namespace

BENCHMARK_MAIN();
