#include "document/files/project_files.h"

#include <QDir>
#include <QFileInfo>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <sys/stat.h>

namespace railforge::document {
namespace {

// The canonical form of a folder that exists, else its cleaned absolute path.
QString canonicalFolder(const QString &folder)
{
    const QFileInfo info(folder);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

// What kind of thing a non-regular file is, for "is a FIFO, not a regular file".
std::string typeName(mode_t mode)
{
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a file";
}

// The path the kernel opened behind a descriptor (symlinks and renames included).
QString pathOfDescriptor(int fd)
{
    char buffer[4096];
    const std::string link = "/proc/self/fd/" + std::to_string(fd);
    const ssize_t n = ::readlink(link.c_str(), buffer, sizeof buffer - 1);
    if (n <= 0) return {};
    return QString::fromLocal8Bit(buffer, int(n));
}

} // namespace

QString versionControlFolderOf(const QString &path)
{
    static const QStringList kFolders = {QStringLiteral(".git"), QStringLiteral(".hg"),    QStringLiteral(".svn"),
                                         QStringLiteral(".bzr"), QStringLiteral("_darcs"), QStringLiteral("CVS")};
    const QStringList parts = QDir::cleanPath(path).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    // Every part but the file's own name: a file called ".git" (a worktree's pointer) is a folder's part too.
    for (const QString &part : parts)
        if (kFolders.contains(part)) return part;
    return {};
}

std::string formatBytes(std::int64_t bytes)
{
    const char *units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    if (unit == 0) return std::to_string(bytes) + " bytes";
    char text[32];
    std::snprintf(text, sizeof text, value < 10 && value != std::floor(value) ? "%.1f %s" : "%.0f %s", value,
                  units[unit]);
    return text;
}

bool isInside(const QString &path, const QString &root)
{
    if (root == QLatin1String("/")) return path.startsWith(QLatin1Char('/'));
    return path == root || path.startsWith(root + QLatin1Char('/'));
}

QString projectRootFor(const QString &levelFolder)
{
    const QString start = canonicalFolder(levelFolder);
    for (QDir dir(start);;) {
        if (QFileInfo::exists(dir.filePath(QStringLiteral(".git"))) ||
            QFileInfo::exists(dir.filePath(QStringLiteral("railforge-project.yaml"))))
            return dir.absolutePath();
        if (!dir.cdUp()) break;
    }
    return start;
}

std::string raisedBy(const char *option)
{
    return std::string("(") + option + ", or Level > Reference Limits in the editor, raises it)";
}

// What the reads under one budget have cost so far, by kind of cost; readers on several threads share it.
struct ReadBudget::Account {
    std::mutex mutex;
    std::map<std::string, std::int64_t> total;             // by `what`
    std::set<std::pair<std::string, std::string>> counted; // (what, key) already in the total
};

ReadBudget::ReadBudget(std::chrono::milliseconds timeLimit, std::shared_ptr<const std::atomic_bool> cancelled)
    : m_hasDeadline(timeLimit.count() > 0), m_limit(timeLimit), m_cancelled(std::move(cancelled)),
      m_account(std::make_shared<Account>())
{
    if (m_hasDeadline) m_deadline = std::chrono::steady_clock::now() + timeLimit;
}

bool ReadBudget::exhausted() const
{
    if (m_cancelled && m_cancelled->load(std::memory_order_relaxed)) return true;
    return m_hasDeadline && std::chrono::steady_clock::now() > m_deadline;
}

std::string ReadBudget::reason() const
{
    if (m_cancelled && m_cancelled->load(std::memory_order_relaxed)) return "reading was cancelled";
    const auto seconds = std::chrono::duration<double>(m_limit).count();
    char text[96];
    std::snprintf(text, sizeof text, "reading took longer than the limit of %g s (--read-timeout raises it)", seconds);
    return text;
}

bool ReadBudget::charge(const std::string &what, const std::string &key, std::int64_t amount, std::int64_t limit,
                        std::int64_t *total) const
{
    const std::lock_guard lock(m_account->mutex);
    std::int64_t &sum = m_account->total[what];
    if (m_account->counted.count({what, key})) {
        if (total) *total = sum;
        return true;
    }
    if (amount > limit - sum) {
        if (total) *total = sum + amount;
        return false;
    }
    sum += amount;
    m_account->counted.insert({what, key});
    if (total) *total = sum;
    return true;
}

OpenedFile::OpenedFile(OpenedFile &&other) noexcept
    : m_fd(other.release()), m_size(other.m_size), m_path(std::move(other.m_path))
{}

OpenedFile &OpenedFile::operator=(OpenedFile &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0) ::close(m_fd);
        m_size = other.m_size;
        m_path = std::move(other.m_path);
        m_fd = other.release();
    }
    return *this;
}

OpenedFile::~OpenedFile()
{
    if (m_fd >= 0) ::close(m_fd);
}

int OpenedFile::release()
{
    const int fd = m_fd;
    m_fd = -1;
    return fd;
}

ProjectFiles::ProjectFiles(const QString &levelFolder, FileRules rules)
    : m_levelFolder(canonicalFolder(levelFolder)), m_root(projectRootFor(levelFolder)), m_rules(rules)
{}

bool ProjectFiles::allows(const QString &canonicalPath) const
{
    return m_rules.allowOutsideProject || isInside(canonicalPath, m_root);
}

std::string FileProblem::message(const std::string &name) const
{
    const std::string quotedName = "'" + name + "'";
    switch (kind) {
    case Kind::Missing: return quotedName + ": no such file";
    case Kind::Outside:
        return quotedName +
               (absolutePath ? " is an absolute path outside the project (" : " is outside the project (") + detail +
               ")";
    case Kind::NotRegular: return quotedName + " is " + detail + ", not a regular file";
    case Kind::TooLarge: return quotedName + " is " + detail;
    case Kind::Unreadable: return quotedName + ": " + detail;
    case Kind::History:
        return quotedName + " is inside the version-control folder '" + detail +
               "' (nothing in a repository's own folder is read as a reference)";
    }
    return quotedName;
}

std::optional<QString> ProjectFiles::resolve(const QString &base, const QString &written, FileProblem *problem) const
{
    if (written.isEmpty()) {
        *problem = {FileProblem::Kind::Missing, {}};
        return std::nullopt;
    }
    const bool absolute = QDir::isAbsolutePath(written);
    const QString joined = QDir::cleanPath(absolute ? written : QDir(base).absoluteFilePath(written));
    const QString canonical = QFileInfo(joined).canonicalFilePath();
    // As written and where its links lead: either way into a repository's folder is refused.
    for (const QString &path : {joined, canonical}) {
        if (const QString folder = versionControlFolderOf(path); !folder.isEmpty()) {
            *problem = {FileProblem::Kind::History, folder.toStdString()};
            return std::nullopt;
        }
    }
    // A missing file is only "missing" when its name stays in the project; else the name is the problem.
    if (!allows(canonical.isEmpty() ? joined : canonical)) {
        *problem = {FileProblem::Kind::Outside, m_root.toStdString(), absolute};
        return std::nullopt;
    }
    if (canonical.isEmpty()) {
        *problem = {FileProblem::Kind::Missing, {}};
        return std::nullopt;
    }
    return canonical;
}

OpenedFile ProjectFiles::open(const QString &path, FileProblem *problem) const
{
    const QByteArray native = QFile::encodeName(path);
    struct stat before {};
    if (::stat(native.constData(), &before) != 0) {
        *problem = {errno == ENOENT ? FileProblem::Kind::Missing : FileProblem::Kind::Unreadable, std::strerror(errno)};
        return {};
    }
    // Judged by its type before it is opened: opening some devices does something.
    if (!S_ISREG(before.st_mode)) {
        *problem = {FileProblem::Kind::NotRegular, typeName(before.st_mode)};
        return {};
    }
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        *problem = {FileProblem::Kind::Unreadable, std::strerror(errno)};
        return {};
    }
    OpenedFile file(fd, 0, path);
    struct stat opened {};
    if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
        *problem = {FileProblem::Kind::NotRegular, typeName(opened.st_mode)};
        return {};
    }
    // The path was checked before it was opened; a symlink swapped in between is caught here.
    const QString actual = pathOfDescriptor(fd);
    if (!actual.isEmpty() && !allows(actual)) {
        *problem = {FileProblem::Kind::Outside, m_root.toStdString()};
        return {};
    }
    for (const QString &name : {path, actual}) {
        if (const QString folder = versionControlFolderOf(name); !folder.isEmpty()) {
            *problem = {FileProblem::Kind::History, folder.toStdString()};
            return {};
        }
    }
    if (opened.st_size > m_rules.maxFileBytes) {
        *problem = {FileProblem::Kind::TooLarge, formatBytes(opened.st_size) + ", over the limit of " +
                                                     formatBytes(m_rules.maxFileBytes) + " for a reference file"};
        return {};
    }
    return OpenedFile(file.release(), opened.st_size, actual.isEmpty() ? path : actual);
}

OpenedFile ProjectFiles::openWritten(const QString &base, const QString &written, FileProblem *problem) const
{
    const auto resolved = resolve(base, written, problem);
    return resolved ? open(*resolved, problem) : OpenedFile{};
}

} // namespace railforge::document
