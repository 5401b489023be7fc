// Autosave and crash recovery: copies of unsaved levels in a recovery folder, one per editor and
// level. An editor writes and removes only its own copies; a copy whose editor no longer runs (it
// crashed, was killed, or closed without cleaning up) is offered to the next editor that starts.
// Two editors on one level therefore never share, overwrite or delete each other's copy.
#pragma once

#include "document/files/editor_instance.h"
#include "document/model/level.h"

#include <QDateTime>
#include <QString>

#include <optional>
#include <vector>

namespace railforge::document {

// One recovery copy found on disk.
struct RecoveryEntry {
    QString recoveryPath;                 // the copy
    QString originalPath;                 // the file it belongs to ("" for a level never saved)
    QDateTime written;                    // when the copy was written
    std::optional<EditorInstance> editor; // who wrote it (nothing for copies of older versions)
    QByteArray baseDigest;                // SHA-1 (hex) of the file's text the edits started from ("" if none)
};

class RecoveryStore {
public:
    // The folder: $RAILFORGE_RECOVERY_DIR, else the platform's app-data folder + "/recovery".
    explicit RecoveryStore(EditorInstance self);
    RecoveryStore(QString folder, EditorInstance self) : m_folder(std::move(folder)), m_self(self) {}

    const QString &folder() const { return m_folder; }
    const EditorInstance &self() const { return m_self; }
    // This editor's copy of a document (stable for one original path).
    QString recoveryPathFor(const QString &originalPath) const;
    // Writes this editor's copy atomically; `baseText` is the file's text the edits started from.
    // False with a reason (naming the folder or file) when it cannot.
    bool write(const Level &level, const QString &originalPath, const std::string &baseText, QString *error) const;
    // Copies whose editor no longer runs, newest first: what a starting editor offers back.
    std::vector<RecoveryEntry> orphans() const;
    // The copy at `recoveryPath`, if it is one.
    std::optional<RecoveryEntry> entry(const QString &recoveryPath) const;
    // Removes this editor's copy of a document.
    void discard(const QString &originalPath) const;
    // Removes a copy of this editor or of one that no longer runs; never a running editor's.
    bool discardCopy(const QString &recoveryPath) const;

    // The digest a copy records for a file's text.
    static QByteArray digestOf(const std::string &text);

private:
    QString m_folder;
    EditorInstance m_self;
};

} // namespace railforge::document
