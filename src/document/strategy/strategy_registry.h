// Finds smoothing-strategy plugins, checks their metadata, and runs pipeline steps through them.
// Finding a plugin reads its metadata only, never its code, so a plugin that crashes or throws while
// loading cannot stop the others from being listed. Steps run in a helper process by default (see
// strategy_host.h); RAILFORGE_STRATEGIES_IN_PROCESS=1 runs them in this process instead, for a plugin
// author who wants one process under the debugger.
// Nothing here names a concrete strategy: everything comes from the plugins' metadata.
#pragma once

#include "document/model/level.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_host.h"
#include "document/strategy/strategy_info.h"

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

// Where steps run.
enum class StrategyIsolation {
    Isolated,  // in railforge-strategy-host processes, with time and memory limits (the default)
    InProcess, // in this process: no limits, a crash is this process's crash (for debugging)
};

class StrategyRegistry {
public:
    // Isolated unless RAILFORGE_STRATEGIES_IN_PROCESS is set to 1.
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
    // Finds every plugin file in `folder` (not recursive), or `folder` itself when it is a file.
    void loadLocation(const QString &folderOrFile);
    // Reads one plugin file's metadata; false (and a message in problems()) when it is skipped.
    bool loadFile(const QString &path);

    // The helper executable: RAILFORGE_STRATEGY_HOST, else railforge-strategy-host beside this binary.
    static QString defaultHelperExecutable();
    void setIsolation(StrategyIsolation isolation) { m_isolation = isolation; }
    StrategyIsolation isolation() const { return m_isolation; }
    // Time and memory limits of isolated steps (thread-safe; takes effect for the next step).
    void setLimits(const HostLimits &limits) const { m_host.setLimits(limits); }
    HostLimits limits() const { return m_host.limits(); }
    // Ends all running isolated steps now (they fail with "cancelled") and refuses new ones: for
    // quitting without waiting out a strategy that hangs.
    void cancelRunningSteps() const { m_host.cancelAll(); }

    // The loaded strategies, sorted by id.
    std::vector<const StrategyInfo *> strategies() const;
    // The strategy with this id, or nullptr.
    const StrategyInfo *find(const std::string &id) const;
    // Messages about skipped plugins ("FILE: why"), in load order.
    const QStringList &problems() const { return m_problems; }

    // Runs one step: checks the strategy exists and its parameters, runs it, and checks the output
    // (finite, not too many points, at least 2 points for an open path of 2 or more). Thread-safe.
    StepResult run(const std::string &strategy, const Properties &params, const std::vector<Vec3> &points, bool closed,
                   const LevelObstacleContext &context) const;

private:
    struct Entry;
    // The strategy's result, or why there is none, as run in the chosen place.
    HostCallResult runIsolated(const Entry &entry, ParameterValues values, const std::vector<Vec3> &points, bool closed,
                               const LevelObstacleContext &context) const;
    HostCallResult runInProcess(Entry &entry, const ParameterValues &values, const std::vector<Vec3> &points,
                                bool closed, const LevelObstacleContext &context) const;

    std::vector<std::unique_ptr<Entry>> m_entries;
    QStringList m_problems;
    StrategyIsolation m_isolation;
    mutable StrategyHost m_host;
};

} // namespace railforge::document
