// The document's file: new, open, save, save as, revert, the recent-files list, and the problems of a
// file that could not be opened (each with the offending source line, shown like a compiler does).
#pragma once

#include "app/session/conflict_list.h"
#include "app/session/file_watch.h"
#include "document/editing/level_document.h"

#include <QObject>
#include <QStringList>
#include <QUrl>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class Selection;

class FileSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    Q_PROPERTY(QString filePath READ filePath NOTIFY filePathChanged)
    Q_PROPERTY(QString fileName READ fileName NOTIFY filePathChanged)
    Q_PROPERTY(QUrl folderUrl READ folderUrl NOTIFY filePathChanged)
    Q_PROPERTY(bool modified READ modified NOTIFY modifiedChanged)
    Q_PROPERTY(QString title READ title NOTIFY titleChanged)
    Q_PROPERTY(QStringList lastProblems READ lastProblems NOTIFY lastProblemsChanged)
    Q_PROPERTY(QStringList recentFiles READ recentFiles NOTIFY recentFilesChanged)
    // The conflicts of a level opened with a merge left unresolved in it (none otherwise).
    Q_PROPERTY(railforge::app::ConflictList *conflicts READ conflicts CONSTANT)
public:
    FileSession(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    QString filePath() const { return m_document.filePath(); }
    QString fileName() const;
    QUrl folderUrl() const;
    // The level's folder; for a new level the folder of its first reference's file; else "".
    QString workingFolder() const;
    bool modified() const { return m_document.isModified(); }
    // "name.yaml — RailForge", with "*" when modified (docs/ui.md "Feel").
    QString title() const;
    // The errors of the last failed open, as FILE:LINE:COLUMN: message lines.
    QStringList lastProblems() const { return m_lastProblems; }
    // Files opened or saved lately, newest first (kept in QSettings).
    QStringList recentFiles() const;
    ConflictList *conflicts() { return &m_conflicts; }

    Q_INVOKABLE void newLevel();
    // Opens a file path or file:// URL; on failure keeps the current level and emits openFailed.
    // A file with merge conflicts opens as its ours side, its conflicts listed for the designer to
    // resolve (ConflictList); it cannot be saved while any is left.
    Q_INVOKABLE bool openFile(const QString &pathOrUrl);
    // Saves to the current file; false (and saveFailed) when it has none or the write fails.
    Q_INVOKABLE bool save();
    // Saves to a new path or URL (".yaml" added when it has no YAML suffix), which becomes the current file.
    Q_INVOKABLE bool saveAs(const QString &pathOrUrl);
    // Reloads the file from disk, dropping unsaved changes (File > Revert).
    Q_INVOKABLE bool revert();

    // Where Save As proposes to save: "untitled.yaml" (or untitled-2.yaml... when taken) in the
    // level's folder, or in the home folder for a level never saved.
    Q_INVOKABLE QString proposedSavePath() const;
    // Why Save As may not write `path` ("" when it may): no name, a folder, a folder that does not
    // exist. An existing file may be replaced, once the designer confirms it.
    Q_INVOKABLE QString whyNotSaveTo(const QString &path) const;
    // True when a file stands at `path` (Save As asks before replacing it).
    Q_INVOKABLE static bool fileExists(const QString &path);
    // Why writing `path` (a level's path as Save As completes it, or any output's) would land outside
    // its project through a link: the link and where it leads, for the designer to confirm; "" when it
    // would not. The write then replaces the link, never the file it points to.
    Q_INVOKABLE static QString linkLeavingProject(const QString &path);
    // The path Save As writes for a typed name: ".yaml" added when it has no YAML suffix.
    Q_INVOKABLE static QString levelPathFor(const QString &pathOrUrl);

    // Looks at the file on disk (the watch does this on every change, the window when it gets the
    // focus back): a change by someone else reloads a clean level quietly (said in the status bar)
    // and asks about a modified one (changedOnDisk), once per change.
    Q_INVOKABLE void checkDisk();
    // Answers to changedOnDisk. Reload theirs, dropping mine:
    Q_INVOKABLE bool reloadFromDisk();
    // Keep mine: the next save replaces what is on disk (keeping its layout where the levels agree).
    Q_INVOKABLE void keepMine();
    // Keep mine and save it now over theirs.
    Q_INVOKABLE bool overwriteDisk();
    // Asks the designer about the file on disk as if it had just changed (a restored recovery copy
    // whose edits began before the file's last change).
    void askAboutChangeOnDisk() { emit changedOnDisk(fileName(), false); }

    // Reports located problems of `file` (also used for recovery copies and CSV imports).
    void reportProblems(const QString &file, const QStringList &problems);
    // Problems as the dialog shows them: [{text, source, caret}], where `source` is the offending
    // line of the file and `caret` a line with "^" under the column ("" when there is no place).
    Q_INVOKABLE QVariantList describeProblems(const QStringList &problems) const;

    static QString toLocalPath(const QString &pathOrUrl);
    // The errors among `diagnostics` as FILE:LINE:COLUMN: message lines.
    static QStringList problemLines(const document::Diagnostics &diagnostics);

signals:
    void filePathChanged();
    void modifiedChanged();
    void titleChanged();
    void lastProblemsChanged();
    void recentFilesChanged();
    // The file could not be opened; `problems` lists every reason, located.
    void openFailed(const QString &file, const QStringList &problems);
    void saveFailed(const QString &message);
    // The file just opened is one git still lists as unmerged (document/files/git_status.h).
    void unmergedInGit(const QString &fileName);
    // The document was written to `path` (recovery copies of both paths are obsolete now).
    void saved(const QString &previousPath, const QString &path);
    // One line for the status bar.
    void status(const QString &message);
    // The file changed on disk while the level has unsaved changes, or a save found it changed: the
    // designer chooses (reloadFromDisk, keepMine / overwriteDisk, or Save As). `saving`: asked by Save.
    void changedOnDisk(const QString &fileName, bool saving);

private:
    void rememberRecent(const QString &path);
    // Opens a conflicted file as its ours side; false when a side does not load (problems reported).
    bool openConflicted(const QString &path, const std::string &text);

    document::LevelDocument &m_document;
    Selection &m_selection;
    QStringList m_lastProblems;
    ConflictList m_conflicts;
    FileWatch m_watch;
    QByteArray m_askedAbout; // the digest of the disk content the designer was last asked about
    bool m_reportedMissing = false;
    // The level came from a conflicted file: until it is saved, a save first checks that what it
    // would write loads (a side taken by hand may leave an edge to a waypoint the other side renamed).
    bool m_fromConflicts = false;
};

} // namespace railforge::app
