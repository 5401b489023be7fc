// Autosave and crash recovery for the editor: while the level has unsaved changes a copy of its own
// is written to the recovery folder every minute (document/files/recovery_store.h: per editor, so two
// editors on one level keep theirs apart). The copy goes as soon as it is obsolete: when the level is
// saved, when its changes are discarded, when undo brings it back to its saved state, and when the
// editor quits cleanly. A copy found at start-up therefore means a crash, and is offered back.
#pragma once

#include "document/editing/level_document.h"
#include "document/files/recovery_store.h"

#include <QObject>
#include <QTimer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class FileSession;

class RecoverySession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    Q_PROPERTY(int autosaveInterval READ autosaveInterval WRITE setAutosaveInterval NOTIFY autosaveIntervalChanged)
    Q_PROPERTY(QString folder READ folder CONSTANT)
public:
    RecoverySession(document::LevelDocument &document, FileSession &files, QObject *parent = nullptr);

    // Milliseconds between autosaves (default one minute).
    int autosaveInterval() const { return m_timer.interval(); }
    void setAutosaveInterval(int milliseconds);
    QString folder() const { return m_store.folder(); }

    ~RecoverySession() override;

    // Writes this editor's recovery copy now (the timer does this); true when written or nothing to
    // write. A failure is said once (autosaveFailed), and again only when the reason changes.
    Q_INVOKABLE bool autosaveNow();
    // This editor's copy of the open level ("" when there is none).
    Q_INVOKABLE QString ownCopy() const;
    // Copies left by editors that no longer run (crashed, killed): [{recovery, original, written}].
    // A running editor's copies are never offered, whichever level it has open.
    Q_INVOKABLE QVariantList candidates() const;
    // Opens the copy's original file (if it exists) and applies the recovered level as one undoable
    // step, so the document shows as modified until saved; the copy becomes this editor's. When the
    // file changed on disk since the copy's edits began, the designer is asked (changedOnDisk).
    Q_INVOKABLE bool restore(const QString &recoveryPath);
    // Forgets this editor's copy of the current document (its changes were discarded, or it is saved).
    Q_INVOKABLE void discard();
    // Removes a copy offered by candidates() (never a running editor's).
    Q_INVOKABLE void discardFile(const QString &recoveryPath);
    // The editor is quitting with nothing left to keep: no copy may outlive it.
    Q_INVOKABLE void quitCleanly();

signals:
    void autosaveIntervalChanged();
    // The recovery copy could not be written: the message names the folder or file and the reason.
    void autosaveFailed(const QString &message);

private:
    document::LevelDocument &m_document;
    FileSession &m_files;
    document::EditorInstance m_instance;
    document::RecoveryStore m_store;
    QString m_lastError; // the last autosave failure said, so a failing timer does not repeat it
    QTimer m_timer;
    QString m_copyOf; // the original path the last copy was written for
    bool m_copyWritten = false;
};

} // namespace railforge::app
