#include "app/ground/reference_access.h"

#include <QSettings>

#include <algorithm>

namespace railforge::app {
namespace {
const QString kAllowOutsideSetting = QStringLiteral("references/allowOutsideProject");
const QString kImageMemorySetting = QStringLiteral("references/maxImageBytes");
const QString kTrianglesSetting = QStringLiteral("references/maxTriangles");
const QString kMeshNodesSetting = QStringLiteral("references/maxMeshNodes");
} // namespace

ReferenceAccess::ReferenceAccess(document::LevelDocument &document, QObject *parent)
    : QObject(parent), m_document(document)
{
    const QSettings settings;
    m_rules.allowOutsideProject = settings.value(kAllowOutsideSetting, false).toBool();
    m_rules.maxImageBytes = settings.value(kImageMemorySetting, qint64(m_rules.maxImageBytes)).toLongLong();
    m_rules.maxTriangles = settings.value(kTrianglesSetting, qint64(m_rules.maxTriangles)).toLongLong();
    m_rules.maxMeshNodes = settings.value(kMeshNodesSetting, qint64(m_rules.maxMeshNodes)).toLongLong();
    m_rules.timeLimit = std::chrono::milliseconds(0); // the designer cancels instead
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &ReferenceAccess::rulesChanged);
}

void ReferenceAccess::setAllowOutsideProject(bool allow)
{
    if (allow == m_rules.allowOutsideProject) return;
    m_rules.allowOutsideProject = allow;
    QSettings().setValue(kAllowOutsideSetting, allow);
    emit rulesChanged();
}

void ReferenceAccess::setLimit(std::int64_t &limit, double value, const QString &key)
{
    const auto whole = std::int64_t(std::clamp(value, 1.0, 1e15));
    if (whole == limit) return;
    limit = whole;
    QSettings().setValue(key, qint64(whole));
    emit rulesChanged();
}

void ReferenceAccess::setMaxImageMemoryMiB(double mib)
{
    setLimit(m_rules.maxImageBytes, std::clamp(mib, 1.0, 1e9) * 1024 * 1024, kImageMemorySetting);
}

void ReferenceAccess::setMaxTriangles(double count) { setLimit(m_rules.maxTriangles, count, kTrianglesSetting); }

void ReferenceAccess::setMaxMeshNodes(double count) { setLimit(m_rules.maxMeshNodes, count, kMeshNodesSetting); }

void ReferenceAccess::resetLimits()
{
    const document::FileRules defaults;
    setMaxImageMemoryMiB(double(defaults.maxImageBytes >> 20));
    setMaxTriangles(double(defaults.maxTriangles));
    setMaxMeshNodes(double(defaults.maxMeshNodes));
}

document::ProjectFiles ReferenceAccess::files() const
{
    return document::ProjectFiles(m_document.folderPath(), m_rules);
}

} // namespace railforge::app
