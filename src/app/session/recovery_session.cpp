#include "app/session/recovery_session.h"

#include "app/session/file_session.h"
#include "document/editing/level_editing.h"
#include "document/files/level_file.h"

#include <QFile>
#include <QFileInfo>

namespace railforge::app {

RecoverySession::RecoverySession(document::LevelDocument &document, FileSession &files, QObject *parent)
    : QObject(parent), m_document(document), m_files(files), m_instance(document::registerEditorInstance()),
      m_store(m_instance)
{
    m_timer.setInterval(60'000);
    connect(&m_timer, &QTimer::timeout, this, &RecoverySession::autosaveNow);
    m_timer.start();
    connect(&m_files, &FileSession::saved, this, [this](const QString &before, const QString &path) {
        m_store.discard(before);
        m_store.discard(path);
        m_copyWritten = false;
    });
    // Undo back to the saved state: the copy would only bring back what the file already holds.
    connect(m_document.undoStack(), &QUndoStack::cleanChanged, this, [this](bool clean) {
        if (clean) discard();
    });
}

void RecoverySession::setAutosaveInterval(int milliseconds)
{
    if (milliseconds <= 0 || milliseconds == m_timer.interval()) return;
    m_timer.setInterval(milliseconds);
    emit autosaveIntervalChanged();
}

// The copy stays when the editor goes without quitting cleanly (a crash, or a test's destroyed
// window): from now on it is offered to the next editor.
RecoverySession::~RecoverySession() { document::releaseEditorInstance(m_instance); }

bool RecoverySession::autosaveNow()
{
    if (!m_document.isModified()) return true;
    QString error;
    if (!m_store.write(m_document.level(), m_document.filePath(), m_document.fileText(), &error)) {
        if (error != m_lastError) emit autosaveFailed(error);
        m_lastError = error;
        return false;
    }
    m_lastError.clear();
    // A copy written for another path (the level was saved under a new name since) is stale.
    if (m_copyWritten && m_copyOf != m_document.filePath()) m_store.discard(m_copyOf);
    m_copyOf = m_document.filePath();
    m_copyWritten = true;
    return true;
}

QString RecoverySession::ownCopy() const
{
    const QString path = m_store.recoveryPathFor(m_copyWritten ? m_copyOf : m_document.filePath());
    return QFileInfo::exists(path) ? path : QString();
}

QVariantList RecoverySession::candidates() const
{
    QVariantList list;
    for (const auto &entry : m_store.orphans())
        list << QVariantMap{{"recovery", entry.recoveryPath},
                            {"original", entry.originalPath},
                            {"written", entry.written.toString(Qt::ISODate)}};
    return list;
}

bool RecoverySession::restore(const QString &recoveryPath)
{
    const auto loaded = document::loadLevelFile(recoveryPath);
    if (!loaded.level) {
        m_files.reportProblems(recoveryPath, FileSession::problemLines(loaded.diagnostics));
        return false;
    }
    const auto entry = m_store.entry(recoveryPath);
    const QString original = entry ? entry->originalPath : QString();
    const bool onDisk = !original.isEmpty() && QFileInfo::exists(original);
    if (onDisk) {
        if (!m_files.openFile(original)) return false;
    } else {
        m_files.newLevel();
    }
    document::replaceLevel(m_document, tr("Restore unsaved work"), *loaded.level);
    // The work is this editor's now: its own copy first, then the orphan can go.
    if (autosaveNow()) m_store.discardCopy(recoveryPath);
    // Someone wrote the file after these edits began: restoring must not hide that from the designer.
    if (onDisk && entry && !entry->baseDigest.isEmpty() &&
        document::RecoveryStore::digestOf(m_document.fileText()) != entry->baseDigest)
        m_files.askAboutChangeOnDisk();
    return true;
}

void RecoverySession::discard()
{
    m_store.discard(m_document.filePath());
    if (m_copyWritten) m_store.discard(m_copyOf);
    m_copyWritten = false;
}

void RecoverySession::discardFile(const QString &recoveryPath) { m_store.discardCopy(recoveryPath); }

void RecoverySession::quitCleanly()
{
    m_timer.stop();
    discard();
}

} // namespace railforge::app
