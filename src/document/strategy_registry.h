// Finds, checks and loads smoothing-strategy plugins, and runs a pipeline step through one.
// Nothing here names a concrete strategy: everything comes from the plugins' metadata.
#pragma once

#include "document/level.h"
#include "document/strategy_info.h"

#include <QPluginLoader>
#include <QStringList>

#include <memory>
#include <vector>

namespace railforge::document {

// The most points a strategy may return; more is reported as an error, never kept.
inline constexpr std::size_t kMaxSmoothedPoints = 20'000'000;

// The outcome of one pipeline step. Unknown strategies and bad parameters are the input's fault;
// a strategy that fails or returns bad points is a runtime failure.
struct StepResult {
    enum class Status { Ok, UnknownStrategy, BadParameters, StrategyFailed };
    Status status = Status::Ok;
    std::vector<Vec3> points;
    std::string error;

    bool ok() const { return status == Status::Ok; }
    static StepResult failure(Status status, std::string message) { return {status, {}, std::move(message)}; }
};

class StrategyRegistry {
public:
    StrategyRegistry();
    ~StrategyRegistry();
    StrategyRegistry(const StrategyRegistry &) = delete;
    StrategyRegistry &operator=(const StrategyRegistry &) = delete;

    // The folders searched by loadDefaultLocations(): `plugins/smoothing` beside the binary, the
    // installed `../lib/railforge/plugins/smoothing`, then each entry of RAILFORGE_PLUGIN_PATH
    // (':'-separated folders or plugin files).
    static QStringList defaultLocations();
    // Loads every plugin found in defaultLocations().
    void loadDefaultLocations();
    // Loads every plugin file in `folder` (not recursive), or `folder` itself when it is a file.
    void loadLocation(const QString &folderOrFile);
    // Loads one plugin file; false (and a message in problems()) when it is skipped.
    bool loadFile(const QString &path);

    // The loaded strategies, sorted by id.
    std::vector<const StrategyInfo *> strategies() const;
    // The strategy with this id, or nullptr.
    const StrategyInfo *find(const std::string &id) const;
    // Messages about skipped plugins ("FILE: why"), in load order.
    const QStringList &problems() const { return m_problems; }

    // Runs one step: checks the strategy exists and its parameters, runs it, and checks the output
    // (finite, not too many points).
    StepResult run(const std::string &strategy, const Properties &params, const std::vector<Vec3> &points,
                   bool closed, const SmoothingContext &context) const;

private:
    struct Entry;
    std::vector<std::unique_ptr<Entry>> m_entries;
    QStringList m_problems;
};

} // namespace railforge::document
