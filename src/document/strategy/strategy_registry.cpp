#include "document/strategy/strategy_registry.h"

#include "document/strategy/strategy_parameters.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <thread>

namespace railforge::document {

struct StrategyRegistry::Entry {
    StrategyInfo info;
    // In-process mode only: the plugin's code, loaded on first use.
    std::once_flag loadOnce;
    std::unique_ptr<QPluginLoader> loader;
    SmoothingStrategy *strategy = nullptr;
    std::string loadError;
};

namespace {

// Calls in flight at once: one per core, and at least two so that one hung strategy never holds up
// every other patrol.
std::size_t helperCount() { return std::max(2u, std::thread::hardware_concurrency()); }

} // namespace

StrategyRegistry::StrategyRegistry()
    : m_isolation(qEnvironmentVariable("RAILFORGE_STRATEGIES_IN_PROCESS") == "1" ? StrategyIsolation::InProcess
                                                                                 : StrategyIsolation::Isolated),
      m_host(defaultHelperExecutable().toStdString(), helperCount())
{}

QString StrategyRegistry::defaultHelperExecutable()
{
    const QString given = qEnvironmentVariable("RAILFORGE_STRATEGY_HOST");
    if (!given.isEmpty()) return given;
    // Without a QCoreApplication (some tools and tests) the running binary's folder still says where.
    const QString folder = QCoreApplication::instance()
                               ? QCoreApplication::applicationDirPath()
                               : QFileInfo(QFileInfo("/proc/self/exe").canonicalFilePath()).absolutePath();
    return folder + "/railforge-strategy-host";
}

// Plugins stay loaded for the life of the process: unloading a library whose objects may still be
// referenced (queued results, static destructors) is a crash risk for no gain.
StrategyRegistry::~StrategyRegistry() = default;

QStringList StrategyRegistry::defaultLocations()
{
    QStringList locations;
    if (QCoreApplication::instance()) {
        const QString binary = QCoreApplication::applicationDirPath();
        locations << binary + "/plugins/smoothing" << QDir::cleanPath(binary + "/../lib/railforge/plugins/smoothing");
    }
    const QString extra = qEnvironmentVariable("RAILFORGE_PLUGIN_PATH");
    for (const QString &entry : extra.split(':', Qt::SkipEmptyParts)) locations << entry;
    return locations;
}

void StrategyRegistry::loadDefaultLocations()
{
    for (const QString &location : defaultLocations()) {
        if (QFileInfo::exists(location)) loadLocation(location);
    }
}

void StrategyRegistry::loadLocation(const QString &folderOrFile)
{
    const QFileInfo info(folderOrFile);
    if (info.isFile()) {
        loadFile(info.absoluteFilePath());
        return;
    }
    if (!info.isDir()) {
        m_problems << folderOrFile + ": no such plugin folder or file";
        return;
    }
    const QDir dir(info.absoluteFilePath());
    for (const QFileInfo &file : dir.entryInfoList(QDir::Files, QDir::Name)) {
        if (QLibrary::isLibrary(file.fileName())) loadFile(file.absoluteFilePath());
    }
}

bool StrategyRegistry::loadFile(const QString &path)
{
    auto skip = [&](const QString &why) {
        m_problems << path + ": " + why;
        return false;
    };
    // QPluginLoader::metaData() reads the file's metadata section without loading the library.
    const QPluginLoader loader(path);
    const QJsonObject raw = loader.metaData();
    if (raw.isEmpty()) return skip("not a Qt plugin (" + loader.errorString() + ")");
    // Check the interface id before loading any code: a plugin built for another API version
    // may not even be safe to instantiate.
    const QString iid = raw.value("IID").toString();
    if (iid != QLatin1String(RAILFORGE_SMOOTHING_STRATEGY_IID))
        return skip("interface '" + iid +
                    "' is not '" RAILFORGE_SMOOTHING_STRATEGY_IID
                    "' (built for another RailForge plugin API version?); skipped");
    QString error;
    auto info = parseStrategyMetadata(raw.value("MetaData").toObject(), &error);
    if (!info) return skip(error + "; skipped");
    if (const StrategyInfo *existing = find(info->id))
        return skip("strategy '" + QString::fromStdString(info->id) + "' is already provided by " + existing->filePath +
                    "; skipped");
    // The code is not loaded here: that happens when a step first runs, in the helper process.
    info->filePath = path;
    auto entry = std::make_unique<Entry>();
    entry->info = std::move(*info);
    m_entries.push_back(std::move(entry));
    return true;
}

std::vector<const StrategyInfo *> StrategyRegistry::strategies() const
{
    std::vector<const StrategyInfo *> list;
    for (const auto &entry : m_entries) list.push_back(&entry->info);
    std::sort(list.begin(), list.end(), [](const StrategyInfo *a, const StrategyInfo *b) { return a->id < b->id; });
    return list;
}

const StrategyInfo *StrategyRegistry::find(const std::string &id) const
{
    for (const auto &entry : m_entries)
        if (entry->info.id == id) return &entry->info;
    return nullptr;
}

HostCallResult StrategyRegistry::runIsolated(const Entry &entry, ParameterValues values,
                                             const std::vector<Vec3> &points, bool closed,
                                             const LevelObstacleContext &context) const
{
    wire::SmoothHead head;
    head.pluginPath = entry.info.filePath.toStdString();
    head.strategyId = entry.info.id;
    head.closed = closed;
    head.params = values.values();
    head.obstacleKey = context.shapesKey();
    return m_host.call(std::move(head), context.shapes(), points);
}

HostCallResult StrategyRegistry::runInProcess(Entry &e, const ParameterValues &values, const std::vector<Vec3> &points,
                                              bool closed, const LevelObstacleContext &context) const
{
    // Loading on first use is the only change to an entry, once (call_once makes it thread-safe).
    std::call_once(e.loadOnce, [&] {
        e.loader = std::make_unique<QPluginLoader>(e.info.filePath);
        QObject *instance = e.loader->instance();
        e.strategy = qobject_cast<SmoothingStrategy *>(instance);
        if (!instance)
            e.loadError = "cannot be loaded: " + e.loader->errorString().toStdString();
        else if (!e.strategy)
            e.loadError = "cannot be loaded: does not implement railforge::SmoothingStrategy";
    });
    HostCallResult result;
    if (!e.strategy) {
        result.message = e.loadError;
        return result;
    }
    SmoothingResult smoothed = e.strategy->smooth(points, closed, values, context);
    result.status = smoothed.ok() ? HostCallResult::Status::Ok : HostCallResult::Status::StrategyError;
    result.message = std::move(smoothed.error);
    result.points = std::move(smoothed.points);
    return result;
}

StepResult StrategyRegistry::run(const std::string &strategy, const Properties &params, const std::vector<Vec3> &points,
                                 bool closed, const LevelObstacleContext &context) const
{
    auto entry =
        std::find_if(m_entries.begin(), m_entries.end(), [&](const auto &e) { return e->info.id == strategy; });
    if (entry == m_entries.end()) {
        std::string known;
        for (const auto *info : strategies()) known += (known.empty() ? "" : ", ") + info->id;
        return StepResult::failure(
            StepResult::Status::UnknownStrategy,
            "unknown strategy '" + strategy + "'" +
                (known.empty() ? std::string(" (no strategy plugins are loaded)") : " (available: " + known + ")"));
    }
    ResolvedParameters resolved = resolveParameters((*entry)->info, params);
    if (!resolved.values) {
        std::string message;
        for (const auto &e : resolved.errors) message += (message.empty() ? "" : "; ") + e;
        return StepResult::failure(StepResult::Status::BadParameters, message);
    }
    HostCallResult result = m_isolation == StrategyIsolation::Isolated
                                ? runIsolated(**entry, std::move(*resolved.values), points, closed, context)
                                : runInProcess(**entry, *resolved.values, points, closed, context);
    // Every runtime failure names the strategy first: "bad-loop: no answer after 3 s".
    const auto failed = [&](const std::string &what) {
        return StepResult::failure(StepResult::Status::StrategyFailed, strategy + ": " + what);
    };
    if (result.status == HostCallResult::Status::StrategyError) return failed("failed: " + result.message);
    if (result.status == HostCallResult::Status::Failed) return failed(result.message);
    if (result.points.size() > kMaxSmoothedPoints)
        return failed("returned " + std::to_string(result.points.size()) + " points, more than the limit of " +
                      std::to_string(kMaxSmoothedPoints));
    // An open path needs two ends; a closed loop may collapse to one point (line-of-sight sees the
    // whole loop from one place), which is an answer, not a malformed one.
    if (!closed && points.size() >= 2 && result.points.size() < 2)
        return failed("returned " + std::to_string(result.points.size()) +
                      (result.points.size() == 1 ? " point" : " points") + " for a path of " +
                      std::to_string(points.size()) + " points (a path needs at least 2)");
    for (std::size_t i = 0; i < result.points.size(); ++i) {
        if (!core::isFinite(result.points[i]))
            return failed("returned a point that is not finite (point " + std::to_string(i + 1) + ")");
    }
    return {StepResult::Status::Ok, std::move(result.points), {}};
}

} // namespace railforge::document
