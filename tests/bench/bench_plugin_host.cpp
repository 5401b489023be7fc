// What running strategies in a helper process costs: every installed strategy with its default
// parameters, called in process and through railforge-strategy-host, on 1,000- and 1,000,000-point
// random walks; and how soon a helper is serving again after a strategy crashed it.
// Isolated rows include sending the path, the helper's work, and receiving the result.
#include "document/model/level.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"

#include "random_walk.h"

#include <QCoreApplication>

#include <benchmark/benchmark.h>

#include <cstdio>
#include <memory>

using railforge::core::Vec3;
using namespace railforge::document;

namespace {

const std::vector<Vec3> &walk(std::size_t n)
{
    static std::map<std::size_t, std::vector<Vec3>> walks;
    auto &w = walks[n];
    if (w.empty()) w = randomWalk(n, 7);
    return w;
}

StrategyRegistry &registry(StrategyIsolation isolation)
{
    static std::map<StrategyIsolation, std::unique_ptr<StrategyRegistry>> registries;
    auto &r = registries[isolation];
    if (!r) {
        r = std::make_unique<StrategyRegistry>();
        r->setIsolation(isolation);
        r->setLimits({std::chrono::seconds(600), 16384});
        r->loadLocation(RAILFORGE_BENCH_PLUGIN_DIR);
        r->loadLocation(RAILFORGE_BENCH_HOSTILE_DIR);
    }
    return *r;
}

const LevelObstacleContext &openField()
{
    static const LevelObstacleContext context{Level{}};
    return context;
}

void runStrategy(benchmark::State &state, const std::string &id, StrategyIsolation isolation)
{
    const auto &points = walk(std::size_t(state.range(0)));
    const StrategyRegistry &r = registry(isolation);
    std::size_t out = 0;
    for (auto _ : state) {
        StepResult result = r.run(id, {}, points, false, openField());
        if (!result.ok()) {
            state.SkipWithError(result.error.c_str());
            return;
        }
        out = result.points.size();
        benchmark::DoNotOptimize(result.points.data());
    }
    state.counters["points_out"] = double(out);
}

// A call that crashes its helper, then a call that must be served: the time until the host serves
// again (the crash's own reporting, starting a new helper, loading the plugin, the 1,000-point call).
void crashThenServe(benchmark::State &state)
{
    const auto &points = walk(1000);
    const StrategyRegistry &r = registry(StrategyIsolation::Isolated);
    for (auto _ : state) {
        if (r.run("bad-segv", {}, points, false, openField()).ok()) state.SkipWithError("bad-segv did not crash");
        if (!r.run("simplify", {}, points, false, openField()).ok()) state.SkipWithError("no answer after the crash");
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // registries find the helper beside this binary
    for (const char *id : {"chaikin", "catmull-rom", "line-of-sight", "simplify"}) {
        for (auto [name, isolation] : {std::pair{"InProcess", StrategyIsolation::InProcess},
                                       std::pair{"Isolated", StrategyIsolation::Isolated}}) {
            benchmark::RegisterBenchmark(
                (std::string(name) + "/" + id).c_str(),
                [id = std::string(id), isolation = isolation](benchmark::State &s) { runStrategy(s, id, isolation); })
                ->Arg(1000)
                ->Arg(1000000)
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime();
        }
    }
    benchmark::RegisterBenchmark("CrashThenServe", crashThenServe)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(20);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
