#include "document/files/output_file.h"

#include "document/files/project_files.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/stat.h>

namespace railforge::document {
namespace {

QByteArray nativePath(const QString &path) { return QFile::encodeName(path); }

// Writes all bytes to a descriptor, through interrupted and short writes; errno is kept on failure.
bool writeAll(int fd, const char *data, qsizetype size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, std::size_t(size));
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += n;
        size -= n;
    }
    return true;
}

// The message for a failure at `what` (a file or a folder), from errno.
QString failure(const QString &what, int error) { return QStringLiteral("%1: %2").arg(what, systemReason(error)); }

// A device or a pipe: written in place, never replaced by a regular file.
bool writeInPlace(const QString &path, const QByteArray &bytes, QString *error)
{
    const int fd = ::open(nativePath(path).constData(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error) *error = failure(QStringLiteral("cannot open %1 for writing").arg(path), errno);
        return false;
    }
    if (!writeAll(fd, bytes.constData(), bytes.size())) {
        const int e = errno;
        ::close(fd);
        if (error) *error = failure(QStringLiteral("cannot write %1").arg(path), e);
        return false;
    }
    if (::close(fd) != 0 && errno != EINTR) {
        if (error) *error = failure(QStringLiteral("cannot write %1").arg(path), errno);
        return false;
    }
    return true;
}

// RailForge's own temporary files: ".NAME.railforge-PID-RANDOM.tmp". The writer's process id in the
// name tells a write still under way (its process lives) from one killed mid-way.
const QRegularExpression &temporaryName()
{
    static const QRegularExpression pattern(QStringLiteral("^\\..+\\.railforge-(\\d+)-[0-9a-f]{8}\\.tmp$"));
    return pattern;
}

// Removes the temporaries that writes killed mid-way left in `folder`: only names of RailForge's own
// pattern, only regular files of this user, only where the process that made them is gone. A file of
// any other name (a teammate's tool, an older version) is never touched.
void removeAbandonedTemporaries(const QString &folder)
{
    const QDir dir(folder);
    const QStringList candidates =
        dir.entryList({QStringLiteral(".*.railforge-*.tmp")}, QDir::Files | QDir::Hidden | QDir::System);
    for (const QString &entry : candidates) {
        const QRegularExpressionMatch match = temporaryName().match(entry);
        if (!match.hasMatch()) continue;
        bool ok = false;
        const long pid = match.captured(1).toLong(&ok);
        if (!ok || pid <= 0 || pid == long(::getpid())) continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH) continue; // its writer lives (or is not ours to ask)
        const QByteArray path = nativePath(dir.filePath(entry));
        struct stat st {};
        if (::lstat(path.constData(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid())
            ::unlink(path.constData());
    }
}

// A new temporary file beside `target` (same folder, so the rename is atomic); -1 with errno set.
int createTemporary(const QString &folder, const QString &name, QString *temporary)
{
    for (int attempt = 0; attempt < 16; ++attempt) {
        *temporary = QDir(folder).filePath(QStringLiteral(".%1.railforge-%2-%3.tmp")
                                               .arg(name)
                                               .arg(qint64(::getpid()))
                                               .arg(QRandomGenerator::global()->generate(), 8, 16, QChar('0')));
        // 0666: the process's umask applies, as it does to any new file.
        const int fd = ::open(nativePath(*temporary).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

} // namespace

std::optional<QString> outputLeavesProject(const QString &path)
{
    const QString written = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QString folder = QFileInfo(written).path();
    const QString realFolder = QFileInfo(folder).canonicalFilePath();
    if (realFolder.isEmpty()) return std::nullopt; // nothing can be written there: the write says so
    // The project as the path names it, before its links are followed.
    QString root = folder;
    for (QString dir = folder;;) {
        if (QFileInfo::exists(dir + QStringLiteral("/.git")) ||
            QFileInfo::exists(dir + QStringLiteral("/railforge-project.yaml"))) {
            root = dir;
            break;
        }
        const QString up = QFileInfo(dir).path();
        if (up == dir) break;
        dir = up;
    }
    const QString realRoot = QFileInfo(root).canonicalFilePath();
    const QString name = QFileInfo(written).fileName();
    struct stat st {};
    const bool isLink = ::lstat(nativePath(written).constData(), &st) == 0 && S_ISLNK(st.st_mode);
    QString lands = realFolder == QLatin1String("/") ? realFolder + name : realFolder + QLatin1Char('/') + name;
    if (isLink) {
        // Every link of a chain followed; a dangling one to where it would make a file.
        const QString canonical = QFileInfo(written).canonicalFilePath();
        lands = canonical.isEmpty() ? QDir::cleanPath(QFileInfo(written).symLinkTarget()) : canonical;
    }
    if (isInside(lands, realRoot)) return std::nullopt;
    if (isLink) return QStringLiteral("%1 is a link to %2, outside the project %3").arg(path, lands, realRoot);
    return QStringLiteral("%1 is in a linked folder that leads to %2, outside the project %3")
        .arg(path, QFileInfo(lands).path(), realRoot);
}

OutputTarget outputTarget(const QString &path)
{
    struct stat st {};
    if (::stat(nativePath(path).constData(), &st) != 0) return OutputTarget::Missing;
    if (S_ISDIR(st.st_mode)) return OutputTarget::Folder;
    if (S_ISREG(st.st_mode)) return OutputTarget::Regular;
    return OutputTarget::InPlace;
}

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error)
{
    const OutputTarget target = outputTarget(path);
    if (target == OutputTarget::Folder) {
        if (error) *error = QStringLiteral("cannot write %1: it is a folder, not a file").arg(path);
        return false;
    }
    if (target == OutputTarget::InPlace) return writeInPlace(path, bytes, error);

    // The file at the path is replaced, a link there too: a link a teammate committed (or an attacker
    // swapped in after outputLeavesProject looked) never leads the write into the file it points to.
    const QString file = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QFileInfo fileInfo(file);
    const QString folder = fileInfo.absolutePath();
    if (!QFileInfo(folder).isDir()) {
        if (error) *error = QStringLiteral("cannot write %1: the folder %2 does not exist").arg(path, folder);
        return false;
    }
    removeAbandonedTemporaries(folder);
    QString temporary;
    const int fd = createTemporary(folder, fileInfo.fileName(), &temporary);
    if (fd < 0) {
        if (error)
            *error = failure(QStringLiteral("cannot write %1: cannot create a file in the folder %2").arg(path, folder),
                             errno);
        return false;
    }
    auto abandon = [&](const QString &what) {
        const int e = errno;
        ::close(fd);
        ::unlink(nativePath(temporary).constData());
        if (error) *error = failure(what, e);
        return false;
    };
    if (target == OutputTarget::Regular) {
        // Keep the replaced file's permissions (and, where allowed, its owner and group); a link's
        // target is not the file replaced, so its owner does not pass to the new file.
        struct stat st {};
        if (::lstat(nativePath(file).constData(), &st) == 0 && S_ISREG(st.st_mode)) {
            ::fchmod(fd, st.st_mode & 07777);
            if (::fchown(fd, st.st_uid, st.st_gid) != 0) errno = 0; // not ours to give away: keep ours
        }
    }
    if (!writeAll(fd, bytes.constData(), bytes.size())) return abandon(QStringLiteral("cannot write %1").arg(path));
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        return abandon(QStringLiteral("cannot write %1").arg(path));
    if (::close(fd) != 0) {
        const int e = errno;
        ::unlink(nativePath(temporary).constData());
        if (error) *error = failure(QStringLiteral("cannot write %1").arg(path), e);
        return false;
    }
    if (::rename(nativePath(temporary).constData(), nativePath(file).constData()) != 0) {
        const int e = errno;
        ::unlink(nativePath(temporary).constData());
        if (error) *error = failure(QStringLiteral("cannot replace %1").arg(path), e);
        return false;
    }
    return true;
}

bool writeToStream(std::FILE *stream, const QByteArray &bytes, QString *error)
{
    errno = 0;
    const std::size_t written = std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stream);
    const int writeError = errno;
    if (std::fflush(stream) == 0 && written == std::size_t(bytes.size())) return true;
    const int e = errno ? errno : writeError;
    if (error) *error = systemReason(e ? e : EIO);
    return false;
}

QString systemReason(int error)
{
    switch (error) {
    case ENOSPC: return QStringLiteral("no space left on the device");
    case EDQUOT: return QStringLiteral("the disk quota is used up");
    case EFBIG: return QStringLiteral("the file would be larger than this process may write (ulimit -f)");
    case EACCES:
    case EPERM: return QStringLiteral("permission denied");
    case EROFS: return QStringLiteral("the file system is read-only");
    case ENOENT: return QStringLiteral("no such file or folder");
    case ENOTDIR: return QStringLiteral("a part of the path is not a folder");
    case EISDIR: return QStringLiteral("it is a folder, not a file");
    case EIO: return QStringLiteral("input/output error (the device failed)");
    case EPIPE: return QStringLiteral("the reading end of the pipe was closed");
    default: {
        QString reason = QString::fromLocal8Bit(std::strerror(error));
        if (!reason.isEmpty()) reason[0] = reason[0].toLower();
        return reason;
    }
    }
}

bool sameFile(const QString &a, const QString &b)
{
    struct stat sa {};
    struct stat sb {};
    if (::stat(nativePath(a).constData(), &sa) != 0 || ::stat(nativePath(b).constData(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

void reportFileSizeLimitAsError() { std::signal(SIGXFSZ, SIG_IGN); }

} // namespace railforge::document
