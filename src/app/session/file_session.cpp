#include "app/session/file_session.h"

#include "app/editor/selection.h"
#include "document/files/level_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QTextStream>

#include <map>

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
    reportProblems(path, problemLines(result.diagnostics));
    return false;
}

QStringList FileSession::problemLines(const document::Diagnostics &diagnostics)
{
    QStringList lines;
    for (const auto &d : diagnostics)
        if (d.severity == document::Severity::Error) lines << QString::fromStdString(document::formatDiagnostic(d));
    return lines;
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
    if (!path.endsWith(QStringLiteral(".yaml")) && !path.endsWith(QStringLiteral(".yml")))
        path += QStringLiteral(".yaml");
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
        reportProblems(path, problemLines(loaded.diagnostics));
        return false;
    }
    // Revert reads the file afresh: the history goes, and the document is clean again.
    m_document.load(path);
    emit status(tr("Reverted to %1 on disk").arg(QFileInfo(path).fileName()));
    return true;
}

QStringList FileSession::recentFiles() const { return QSettings().value(QStringLiteral("recentFiles")).toStringList(); }

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
    // Each file is read once, up to the last line a problem names (a big file may have many problems).
    std::map<QString, int> lastLine;
    for (const QString &problem : problems)
        if (const auto match = located.match(problem); match.hasMatch())
            lastLine[match.captured(1)] = std::max(lastLine[match.captured(1)], match.captured(2).toInt());
    std::map<QString, QStringList> sources;
    for (const auto &[path, last] : lastLine) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) continue;
        QTextStream in(&file);
        QStringList &lines = sources[path];
        while (lines.size() < last && !in.atEnd()) lines << in.readLine();
    }
    QVariantList out;
    for (const QString &problem : problems) {
        QVariantMap entry{{"text", problem}, {"source", QString()}, {"caret", QString()}};
        const auto match = located.match(problem);
        const int line = match.hasMatch() ? match.captured(2).toInt() : 0;
        const QStringList &lines = sources[match.captured(1)];
        if (line > 0 && line <= lines.size()) {
            // Tabs would shift the caret: show them as single spaces, as the column counts them.
            entry["source"] = QString(lines[line - 1]).replace(QLatin1Char('\t'), QLatin1Char(' '));
            entry["caret"] = QString(std::max(0, match.captured(3).toInt() - 1), QLatin1Char(' ')) + QLatin1Char('^');
        }
        out << entry;
    }
    return out;
}

} // namespace railforge::app
