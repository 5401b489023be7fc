// The engine export of the benchmark level (big_level.h: 10,000 waypoints, 19,800 edges, 1,000
// rails x 100 points, 500 obstacles) at spacing 0.5: the text in JSON and in YAML (sampling,
// frames and formatting; MB/s = bytes of text per second), and JSON through to an atomically
// written file, as `railforge-cli export -o X.json` does after loading. Wall time (the rails are
// baked on a second thread).
#include "document/export/engine_export.h"
#include "document/files/level_file.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"

#include "big_level.h"

#include <QByteArray>
#include <QDir>
#include <QFile>

#include <benchmark/benchmark.h>

using namespace railforge::document;

namespace {

const Level &bigLevel()
{
    static const Level level = railforge::bench::makeBigLevel();
    return level;
}

void exportText(benchmark::State &state, TreeFormat format)
{
    const StrategyRegistry registry;
    const LevelObstacleContext context(bigLevel());
    std::size_t bytes = 0;
    for (auto _ : state) {
        std::string error;
        auto text = writeEngineExport(bigLevel(), 0.5, registry, context, &error, nullptr, format);
        if (!text) state.SkipWithError(error.c_str());
        bytes = text ? text->size() : 0;
        benchmark::DoNotOptimize(text);
    }
    state.SetBytesProcessed(std::int64_t(bytes) * state.iterations());
    state.counters["MB"] = double(bytes) / 1e6;
}

void BM_ExportJson(benchmark::State &state) { exportText(state, TreeFormat::Json); }
void BM_ExportYaml(benchmark::State &state) { exportText(state, TreeFormat::Yaml); }

void BM_ExportJsonToFile(benchmark::State &state)
{
    const StrategyRegistry registry;
    const LevelObstacleContext context(bigLevel());
    const QString path = QDir::temp().filePath("railforge-bench-export.json");
    std::size_t bytes = 0;
    for (auto _ : state) {
        std::string error;
        auto text = writeEngineExport(bigLevel(), 0.5, registry, context, &error, nullptr, TreeFormat::Json);
        QString writeError;
        if (!text ||
            !writeFileAtomically(path, QByteArray::fromRawData(text->data(), qsizetype(text->size())), &writeError))
            state.SkipWithError("export failed");
        bytes = text ? text->size() : 0;
    }
    QFile::remove(path);
    state.SetBytesProcessed(std::int64_t(bytes) * state.iterations());
    state.counters["MB"] = double(bytes) / 1e6;
}

} // namespace

BENCHMARK(BM_ExportJson)->Unit(benchmark::kMillisecond)->MinTime(3)->UseRealTime();
BENCHMARK(BM_ExportYaml)->Unit(benchmark::kMillisecond)->MinTime(3)->UseRealTime();
BENCHMARK(BM_ExportJsonToFile)->Unit(benchmark::kMillisecond)->MinTime(3)->UseRealTime();

BENCHMARK_MAIN();
