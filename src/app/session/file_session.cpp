#include "app/session/file_session.h"

#include "app/selection/selection.h"
#include "document/files/git_status.h"
#include "document/files/level_file.h"
#include "document/files/output_file.h"
#include "document/yaml/conflict_markers.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QRegularExpression>
#include <QSettings>
#include <QTextStream>

#include <map>

namespace railforge::app {

FileSession::FileSession(document::LevelDocument &document, Selection &selection, QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection), m_conflicts(document)
{
    connect(&m_conflicts, &ConflictList::status, this, &FileSession::status);
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &FileSession::filePathChanged);
    connect(&m_document, &document::LevelDocument::modifiedChanged, this, &FileSession::modifiedChanged);
    connect(this, &FileSession::filePathChanged, this, &FileSession::titleChanged);
    connect(this, &FileSession::modifiedChanged, this, &FileSession::titleChanged);
    connect(&m_document, &document::LevelDocument::filePathChanged, this, [this] {
        m_watch.watch(m_document.filePath());
        m_askedAbout.clear();
        m_reportedMissing = false;
    });
    connect(&m_watch, &FileWatch::touched, this, &FileSession::checkDisk);
    // Back from another program (a terminal, git, another editor): look again, as editors do.
    connect(qGuiApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
        if (state == Qt::ApplicationActive) checkDisk();
    });
}

QString FileSession::fileName() const
{
    return m_document.filePath().isEmpty() ? tr("untitled.yaml") : QFileInfo(m_document.filePath()).fileName();
}

QString FileSession::workingFolder() const
{
    if (!m_document.filePath().isEmpty()) return QFileInfo(m_document.filePath()).absolutePath();
    // A new level: beside the files it was built on (its references, read from the current folder).
    for (const document::Reference &r : m_document.level().references)
        if (!r.file.empty())
            return QFileInfo(QDir(m_document.folderPath()).absoluteFilePath(QString::fromStdString(r.file)))
                .absolutePath();
    return {};
}

QUrl FileSession::folderUrl() const
{
    const QString folder = workingFolder();
    return folder.isEmpty() ? QUrl() : QUrl::fromLocalFile(folder);
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
    m_conflicts.clear();
    m_fromConflicts = false;
    m_document.reset();
}

bool FileSession::openFile(const QString &pathOrUrl)
{
    const QString path = toLocalPath(pathOrUrl);
    // A merge git has not seen finished, markers or not: the designer is told before editing it.
    const auto sayIfUnmerged = [&] {
        if (document::gitListsUnmerged(path)) emit unmergedInGit(QFileInfo(path).fileName());
    };
    if (const auto text = document::readFileText(path); text && document::hasConflictMarkers(*text)) {
        const bool opened = openConflicted(path, *text);
        if (opened) sayIfUnmerged();
        return opened;
    }
    const auto result = m_document.load(path);
    if (result.level) {
        m_selection.clear();
        m_conflicts.clear();
        m_fromConflicts = false;
        rememberRecent(path);
        emit status(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
        sayIfUnmerged();
        return true;
    }
    reportProblems(path, problemLines(result.diagnostics));
    return false;
}

bool FileSession::openConflicted(const QString &path, const std::string &text)
{
    document::ConflictedLevel conflicted = document::readConflictedLevel(text, path.toStdString());
    if (!conflicted.ours.level || !conflicted.theirs) {
        reportProblems(path, problemLines(conflicted.problems));
        return false;
    }
    m_selection.clear();
    m_document.loadOurs(path, conflicted.ours, text);
    m_conflicts.open(std::move(conflicted.conflicts), std::move(*conflicted.theirs));
    m_fromConflicts = true;
    rememberRecent(path);
    emit status(tr("Opened %1 with %n merge conflict(s): take ours or theirs for each in the Conflicts panel", nullptr,
                   m_conflicts.count())
                    .arg(QDir::toNativeSeparators(path)));
    return true;
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

void FileSession::checkDisk()
{
    using DiskState = document::LevelDocument::DiskState;
    const QString name = fileName();
    std::string disk;
    switch (m_document.diskState(&disk)) {
    case DiskState::Unchanged: m_reportedMissing = false; return;
    case DiskState::Missing:
        if (!m_reportedMissing) emit status(tr("%1 was deleted or moved on disk; Save writes it again").arg(name));
        m_reportedMissing = true;
        return;
    case DiskState::Changed: break;
    }
    m_reportedMissing = false;
    const QByteArray digest = QCryptographicHash::hash(QByteArray::fromStdString(disk), QCryptographicHash::Sha1);
    if (digest == m_askedAbout) return; // this very change was already dealt with
    m_askedAbout = digest;
    if (!m_document.isModified()) {
        const QString path = m_document.filePath();
        const auto result = m_document.load(path);
        if (result.level) {
            m_selection.clear();
            emit status(tr("Reloaded %1: it changed on disk").arg(name));
        } else {
            // Theirs does not load (perhaps written halfway): keep ours; Save will ask before replacing it.
            const QStringList problems = problemLines(result.diagnostics);
            emit status(tr("%1 changed on disk but does not load (%2); your level is kept")
                            .arg(name, problems.isEmpty() ? tr("unreadable") : problems.front()));
        }
        return;
    }
    emit changedOnDisk(name, false);
}

bool FileSession::reloadFromDisk()
{
    m_askedAbout.clear();
    return revert();
}

void FileSession::keepMine()
{
    m_document.baseOnDisk();
    emit status(tr("Keeping your version of %1: Save replaces the one on disk").arg(fileName()));
}

bool FileSession::overwriteDisk()
{
    m_document.baseOnDisk();
    return saveAs(m_document.filePath());
}

QString FileSession::levelPathFor(const QString &pathOrUrl)
{
    QString path = toLocalPath(pathOrUrl.trimmed());
    if (!path.isEmpty() && !path.endsWith(QStringLiteral(".yaml")) && !path.endsWith(QStringLiteral(".yml")))
        path += QStringLiteral(".yaml");
    return path;
}

QString FileSession::proposedSavePath() const
{
    const QString working = workingFolder();
    const QDir folder = working.isEmpty() ? QDir::home() : QDir(working);
    QString path = folder.filePath(QStringLiteral("untitled.yaml"));
    for (int n = 2; QFileInfo::exists(path); ++n) path = folder.filePath(QStringLiteral("untitled-%1.yaml").arg(n));
    return path;
}

QString FileSession::whyNotSaveTo(const QString &path) const
{
    const QString file = levelPathFor(path);
    const QFileInfo info(file);
    if (toLocalPath(path.trimmed()).isEmpty() || info.fileName().isEmpty()) return tr("Type a file name.");
    if (info.isDir()) return tr("%1 is a folder: type a file name.").arg(info.fileName());
    if (!info.dir().exists())
        return tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(info.absolutePath()));
    return {};
}

bool FileSession::fileExists(const QString &path) { return QFileInfo::exists(levelPathFor(path)); }

QString FileSession::linkLeavingProject(const QString &path)
{
    return document::outputLeavesProject(toLocalPath(path.trimmed())).value_or(QString());
}

bool FileSession::saveAs(const QString &pathOrUrl)
{
    QString error;
    const QString path = levelPathFor(pathOrUrl);
    const QString before = m_document.filePath();
    // Saving now would drop theirs' side of what is left without the designer choosing.
    if (m_conflicts.count() > 0) {
        emit saveFailed(tr("%n merge conflict(s) left: take ours or theirs for each in the Conflicts panel first.",
                           nullptr, m_conflicts.count()));
        return false;
    }
    // A level resolved from a conflicted file is written only if it loads: the loader's checks run on
    // the very text the save would write, and the problems are listed instead.
    if (m_fromConflicts) {
        const std::string text = document::rewriteLevel(m_document.fileText(), m_document.level()).text;
        const document::LoadResult check = document::readLevel(text, path.toStdString());
        if (!check.level) {
            emit saveFailed(tr("The level as resolved would not load, so it was not saved:\n%1")
                                .arg(problemLines(check.diagnostics).join(QLatin1Char('\n'))));
            return false;
        }
    }
    // A save never replaces what the designer has not seen: ask first.
    if (!before.isEmpty() && QFileInfo(path).absoluteFilePath() == QFileInfo(before).absoluteFilePath() &&
        m_document.diskState() == document::LevelDocument::DiskState::Changed) {
        emit changedOnDisk(fileName(), true);
        return false;
    }
    // Just looked: the document need not read the file again before writing it.
    if (!m_document.save(path, &error, document::LevelDocument::Overwrite::WhateverIsThere)) {
        emit saveFailed(error);
        return false;
    }
    m_fromConflicts = false;
    rememberRecent(path);
    emit saved(before, path);
    emit status(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileSession::revert()
{
    if (m_document.filePath().isEmpty()) return false;
    const QString path = m_document.filePath();
    if (const auto text = document::readFileText(path); text && document::hasConflictMarkers(*text))
        return openConflicted(path, *text);
    m_conflicts.clear();
    m_fromConflicts = false;
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
