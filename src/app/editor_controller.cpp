#include "app/editor_controller.h"

#include <QFileInfo>

namespace railforge::app {

EditorController::EditorController(QObject *parent) : QObject(parent)
{
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &EditorController::filePathChanged);
    connect(&m_document, &document::LevelDocument::modifiedChanged, this, &EditorController::modifiedChanged);
    connect(&m_document, &document::LevelDocument::levelChanged, this, &EditorController::levelChanged);
    connect(this, &EditorController::filePathChanged, this, &EditorController::titleChanged);
    connect(this, &EditorController::modifiedChanged, this, &EditorController::titleChanged);
}

QString EditorController::fileName() const
{
    return m_document.filePath().isEmpty() ? tr("untitled.yaml") : QFileInfo(m_document.filePath()).fileName();
}

QUrl EditorController::folderUrl() const
{
    if (m_document.filePath().isEmpty()) return {};
    return QUrl::fromLocalFile(QFileInfo(m_document.filePath()).absolutePath());
}

QString EditorController::title() const
{
    return fileName() + (modified() ? QStringLiteral("*") : QString()) + QStringLiteral(" \u2014 RailForge");
}

void EditorController::newLevel() { m_document.reset(); }

QString EditorController::toLocalPath(const QString &pathOrUrl)
{
    const QUrl url(pathOrUrl);
    return url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
}

bool EditorController::openFile(const QString &pathOrUrl)
{
    const QString path = toLocalPath(pathOrUrl);
    const auto result = m_document.load(path);
    if (result.level) return true;
    m_lastProblems.clear();
    for (const auto &d : result.diagnostics)
        if (d.severity == document::Severity::Error)
            m_lastProblems << QString::fromStdString(document::formatDiagnostic(d));
    emit lastProblemsChanged();
    emit openFailed(path, m_lastProblems);
    return false;
}

bool EditorController::save()
{
    if (m_document.filePath().isEmpty()) {
        emit saveFailed(tr("This level has no file yet: use Save As."));
        return false;
    }
    return saveAs(m_document.filePath());
}

bool EditorController::saveAs(const QString &pathOrUrl)
{
    QString error;
    QString path = toLocalPath(pathOrUrl);
    if (!path.endsWith(QStringLiteral(".yaml")) && !path.endsWith(QStringLiteral(".yml"))) path += QStringLiteral(".yaml");
    if (m_document.save(path, &error)) return true;
    emit saveFailed(error);
    return false;
}

} // namespace railforge::app
