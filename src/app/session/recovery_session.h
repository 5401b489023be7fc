// Autosave and crash recovery for the editor: while the level has unsaved changes a copy is written
// to the recovery folder every minute. The copy goes as soon as it is obsolete: when the level is
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

    // Writes the recovery copy now (the timer does this); true when written or nothing to write.
    Q_INVOKABLE bool autosaveNow();
    // Recovery copies left by an editor that ended without saving: [{recovery, original, written}].
    Q_INVOKABLE QVariantList candidates() const;
    // Opens the copy's original file (if it exists) and applies the recovered level as one undoable
    // step, so the document shows as modified until saved.
    Q_INVOKABLE bool restore(const QString &recoveryPath);
    // Forgets the current document's recovery copy (its changes were discarded, or it is saved).
    Q_INVOKABLE void discard();
    Q_INVOKABLE void discardFile(const QString &recoveryPath);
    // The editor is quitting with nothing left to keep: no copy may outlive it.
    Q_INVOKABLE void quitCleanly();

signals:
    void autosaveIntervalChanged();

private:
    document::LevelDocument &m_document;
    FileSession &m_files;
    document::RecoveryStore m_store;
    QTimer m_timer;
    QString m_copyOf; // the original path the last copy was written for
    bool m_copyWritten = false;
};

} // namespace railforge::app
