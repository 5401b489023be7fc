#include "app/ground/reference_access.h"

#include <QSettings>

namespace railforge::app {
namespace {
const QString kAllowOutsideSetting = QStringLiteral("references/allowOutsideProject");
}

ReferenceAccess::ReferenceAccess(document::LevelDocument &document, QObject *parent)
    : QObject(parent), m_document(document)
{
    m_rules.allowOutsideProject = QSettings().value(kAllowOutsideSetting, false).toBool();
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

document::ProjectFiles ReferenceAccess::files() const
{
    return document::ProjectFiles(m_document.folderPath(), m_rules);
}

} // namespace railforge::app
