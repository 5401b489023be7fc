// Autosave and crash recovery: copies of unsaved levels in a recovery folder, one per document,
// removed when the document is saved or its changes are discarded. A copy that is still there at
// start-up means the editor ended without saving: the designer is offered to restore it.
#pragma once

#include "document/model/level.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace railforge::document {

// One recovery copy found on disk.
struct RecoveryEntry {
    QString recoveryPath; // the copy
    QString originalPath; // the file it belongs to ("" for a level never saved)
    QDateTime written;    // when the copy was written
};

class RecoveryStore {
public:
    // The folder: $RAILFORGE_RECOVERY_DIR, else the platform's app-data folder + "/recovery".
    RecoveryStore();
    explicit RecoveryStore(QString folder) : m_folder(std::move(folder)) {}

    const QString &folder() const { return m_folder; }
    // The copy's path for a document (stable for one original path).
    QString recoveryPathFor(const QString &originalPath) const;
    // Writes the copy atomically; false with a reason when it cannot.
    bool write(const Level &level, const QString &originalPath, QString *error) const;
    // The copy of this document, if one exists.
    std::optional<RecoveryEntry> find(const QString &originalPath) const;
    // Every copy in the folder (newest first).
    std::vector<RecoveryEntry> all() const;
    // Removes the copy of this document.
    void discard(const QString &originalPath) const;

private:
    std::optional<RecoveryEntry> readEntry(const QString &recoveryPath) const;
    QString m_folder;
};

} // namespace railforge::document
