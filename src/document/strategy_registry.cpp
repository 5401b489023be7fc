#include "document/strategy_registry.h"

#include "document/strategy_parameters.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>

#include <algorithm>
#include <cmath>

namespace railforge::document {

struct StrategyRegistry::Entry {
    StrategyInfo info;
    std::unique_ptr<QPluginLoader> loader;
    SmoothingStrategy *strategy = nullptr;
};

StrategyRegistry::StrategyRegistry() = default;

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
    auto loader = std::make_unique<QPluginLoader>(path);
    const QJsonObject raw = loader->metaData();
    if (raw.isEmpty()) return skip("not a Qt plugin (" + loader->errorString() + ")");
    // Check the interface id before loading any code: a plugin built for another API version
    // may not even be safe to instantiate.
    const QString iid = raw.value("IID").toString();
    if (iid != QLatin1String(RAILFORGE_SMOOTHING_STRATEGY_IID))
        return skip("interface '" + iid + "' is not '" RAILFORGE_SMOOTHING_STRATEGY_IID
                    "' (built for another RailForge plugin API version?); skipped");
    QString error;
    auto info = parseStrategyMetadata(raw.value("MetaData").toObject(), &error);
    if (!info) return skip(error + "; skipped");
    if (const StrategyInfo *existing = find(info->id))
        return skip("strategy '" + QString::fromStdString(info->id) + "' is already provided by " + existing->filePath +
                    "; skipped");
    QObject *instance = loader->instance();
    if (!instance) return skip("cannot load: " + loader->errorString());
    auto *strategy = qobject_cast<SmoothingStrategy *>(instance);
    if (!strategy) return skip("does not implement railforge::SmoothingStrategy; skipped");
    info->filePath = path;
    m_entries.push_back(std::make_unique<Entry>(Entry{std::move(*info), std::move(loader), strategy}));
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

StepResult StrategyRegistry::run(const std::string &strategy, const Properties &params,
                                      const std::vector<Vec3> &points, bool closed,
                                      const SmoothingContext &context) const
{
    auto entry = std::find_if(m_entries.begin(), m_entries.end(), [&](const auto &e) { return e->info.id == strategy; });
    if (entry == m_entries.end()) {
        std::string known;
        for (const auto *info : strategies()) known += (known.empty() ? "" : ", ") + info->id;
        return StepResult::failure(StepResult::Status::UnknownStrategy, "unknown strategy '" + strategy + "'" +
                                        (known.empty() ? std::string(" (no strategy plugins are loaded)")
                                                       : " (available: " + known + ")"));
    }
    const ResolvedParameters resolved = resolveParameters((*entry)->info, params);
    if (!resolved.values) {
        std::string message;
        for (const auto &e : resolved.errors) message += (message.empty() ? "" : "; ") + e;
        return StepResult::failure(StepResult::Status::BadParameters, message);
    }
    SmoothingResult result = (*entry)->strategy->smooth(points, closed, *resolved.values, context);
    const auto failed = StepResult::Status::StrategyFailed;
    if (!result.ok()) return StepResult::failure(failed, "strategy '" + strategy + "' failed: " + result.error);
    if (result.points.size() > kMaxSmoothedPoints)
        return StepResult::failure(failed, "strategy '" + strategy + "' returned " + std::to_string(result.points.size()) +
                                               " points, more than the limit of " + std::to_string(kMaxSmoothedPoints));
    for (std::size_t i = 0; i < result.points.size(); ++i) {
        if (!core::isFinite(result.points[i]))
            return StepResult::failure(failed, "strategy '" + strategy + "' returned a point that is not finite (point " +
                                                   std::to_string(i + 1) + ")");
    }
    return {StepResult::Status::Ok, std::move(result.points), {}};
}

} // namespace railforge::document
