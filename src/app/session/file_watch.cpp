#include "app/session/file_watch.h"

#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

namespace railforge::app {

FileWatch::FileWatch(QObject *parent) : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(150);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        rearm();
        emit touched();
    });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this] { m_settle.start(); });
    // The folder changes whenever any file in it does; only a change of this file counts (it was
    // replaced, created or deleted: its identity, size or time differ from what was last seen).
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        if (signature() != m_seen) m_settle.start();
    });
}

void FileWatch::watch(const QString &path)
{
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    if (!m_watcher.directories().isEmpty()) m_watcher.removePaths(m_watcher.directories());
    m_settle.stop();
    m_path = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    if (m_path.isEmpty()) return;
    m_watcher.addPath(QFileInfo(m_path).absolutePath());
    rearm();
}

void FileWatch::rearm()
{
    if (m_path.isEmpty()) return;
    // A file replaced by a rename is a new file: the old watch follows the old one, so watch anew.
    if (m_watcher.files().contains(m_path)) m_watcher.removePath(m_path);
    if (QFileInfo::exists(m_path)) m_watcher.addPath(m_path);
    m_seen = signature();
}

FileWatch::Signature FileWatch::signature() const
{
    struct stat st {};
    if (m_path.isEmpty() || ::stat(QFile::encodeName(m_path).constData(), &st) != 0) return {};
    return {true, quint64(st.st_ino), qint64(st.st_size),
            qint64(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
}

} // namespace railforge::app
