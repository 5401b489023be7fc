#include "app/session/file_session.h"

#include "app/selection.h"
#include "document/level_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QTextStream>

namespace railforge::app {

FileSession::FileSession(document::LevelDocument &document, Selection &selection, QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection)
{
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &FileSession::filePathChanged);
    connect(&m_document, &document::LevelDocument::modifiedChanged, this, &FileSession::modifiedChanged);
    connect(this, &FileSession::filePathChanged, this, &FileSession::titleChanged);
    connect(this, &FileSession::modifiedChanged, this, &FileSession::titleChanged);
}

QString FileSession::fileName() const
{
    return m_document.filePath().isEmpty() ? tr("untitled.yaml") : QFileInfo(m_document.filePath()).fileName();
}

QUrl FileSession::folderUrl() const
{
    if (m_document.filePath().isEmpty()) return {};
    return QUrl::fromLocalFile(QFileInfo(m_document.filePath()).absolutePath());
}

QString FileSession::title() const
{
    return fileName() + (modified() ? QStringLiteral("*") : QString()) + QStringLiteral(" \u2014 RailForge");
}

QString FileSession::toLocalPath(const QString &pathOrUrl)
{
    const QUrl url(pathOrUrl);
    return url.isLocalFile() ? url.toLocalFile() : pathOrUrl;
}

void FileSession::newLevel()
{
    m_selection.clear();
    m_document.reset();
}

bool FileSession::openFile(const QString &pathOrUrl)
{
    const QString path = toLocalPath(pathOrUrl);
    const auto result = m_document.load(path);
    if (result.level) {
        m_selection.clear();
        rememberRecent(path);
        emit status(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
        return true;
    }
    QStringList problems;
    for (const auto &d : result.diagnostics)
        if (d.severity == document::Severity::Error) problems << QString::fromStdString(document::formatDiagnostic(d));
    reportProblems(path, problems);
    return false;
}

void FileSession::reportProblems(const QString &file, const QStringList &problems)
{
    m_lastProblems = problems;
    emit lastProblemsChanged();
    emit openFailed(file, problems);
}

bool FileSession::save()
{
    if (m_document.filePath().isEmpty()) {
        emit saveFailed(tr("This level has no file yet: use Save As."));
        return false;
    }
    return saveAs(m_document.filePath());
}

bool FileSession::saveAs(const QString &pathOrUrl)
{
    QString error;
    QString path = toLocalPath(pathOrUrl);
    if (!path.endsWith(QStringLiteral(".yaml")) && !path.endsWith(QStringLiteral(".yml"))) path += QStringLiteral(".yaml");
    const QString before = m_document.filePath();
    if (!m_document.save(path, &error)) {
        emit saveFailed(error);
        return false;
    }
    rememberRecent(path);
    emit saved(before, path);
    emit status(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileSession::revert()
{
    if (m_document.filePath().isEmpty()) return false;
    const QString path = m_document.filePath();
    const auto loaded = document::loadLevelFile(path);
    if (!loaded.level) {
        QStringList problems;
        for (const auto &d : loaded.diagnostics) problems << QString::fromStdString(document::formatDiagnostic(d));
        reportProblems(path, problems);
        return false;
    }
    // Revert reads the file afresh: the history goes, and the document is clean again.
    m_document.load(path);
    emit status(tr("Reverted to %1 on disk").arg(QFileInfo(path).fileName()));
    return true;
}

QStringList FileSession::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void FileSession::rememberRecent(const QString &path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > 10) files.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), files);
    emit recentFilesChanged();
}

QVariantList FileSession::describeProblems(const QStringList &problems) const
{
    // "FILE:LINE:COLUMN: message"; the file name itself may hold colons, so match from the right.
    static const QRegularExpression located(QStringLiteral("^(.*):(\\d+):(\\d+): (.*)$"));
    QVariantList out;
    for (const QString &problem : problems) {
        QVariantMap entry{{"text", problem}, {"source", QString()}, {"caret", QString()}};
        const auto match = located.match(problem);
        if (match.hasMatch()) {
            QFile file(match.captured(1));
            const int line = match.captured(2).toInt();
            const int column = match.captured(3).toInt();
            if (line > 0 && file.open(QIODevice::ReadOnly)) {
                QTextStream in(&file);
                QString text;
                for (int i = 1; i <= line && !in.atEnd(); ++i) text = in.readLine();
                // Tabs would shift the caret: show them as single spaces, as the column counts them.
                text.replace(QLatin1Char('\t'), QLatin1Char(' '));
                entry["source"] = text;
                entry["caret"] = QString(std::max(0, column - 1), QLatin1Char(' ')) + QLatin1Char('^');
            }
        }
        out << entry;
    }
    return out;
}

} // namespace railforge::app
