// Watches one file for changes made by others: a teammate's save, `git pull` (which writes a new file
// and renames it over the old one), another editor. QFileSystemWatcher stops watching a path whose
// file was replaced, so the folder is watched too and the file is watched again whenever it exists.
// Bursts of notifications (a write in pieces, a rename) arrive as one `touched`.
#pragma once

#include <QFileSystemWatcher>
#include <QObject>
#include <QTimer>

namespace railforge::app {

class FileWatch : public QObject {
    Q_OBJECT
public:
    explicit FileWatch(QObject *parent = nullptr);

    // Watches `path` (nothing when empty), replacing what was watched before.
    void watch(const QString &path);
    const QString &path() const { return m_path; }

signals:
    // Something may have changed at the path (written, replaced, deleted or created).
    void touched();

private:
    // What identifies the file's current content without reading it.
    struct Signature {
        bool exists = false;
        quint64 inode = 0;
        qint64 size = 0;
        qint64 modifiedNs = 0;
        friend bool operator==(const Signature &, const Signature &) = default;
    };
    Signature signature() const;
    void rearm();

    QString m_path;
    Signature m_seen;
    QFileSystemWatcher m_watcher;
    QTimer m_settle; // coalesces a burst of notifications into one
};

} // namespace railforge::app
