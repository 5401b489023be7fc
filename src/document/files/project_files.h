// What a level may read beside itself. A level can come from a stranger (a contractor's pack, a
// pull request that CI drapes), so every file a reference names, and every file such a file pulls
// in (glTF buffers and images, OBJ material libraries, FBX externals), must:
// - resolve, after symlinks, inside the level's project: the nearest folder above the level that
//   holds `.git` or `railforge-project.yaml`, else the level's own folder (absolute paths too);
// - be a regular file (FIFOs, devices, sockets and folders are refused by their type, before any
//   byte is read: they are opened non-blocking and checked with fstat);
// - be no larger than a limit, and be read within a time limit, or until cancelled.
// Trusted machines may lift the project rule (FileRules::allowOutsideProject). docs/design.md
// "References and ground" states the same.
#pragma once

#include <QString>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace railforge::document {

// The limits every reference read obeys; the defaults are what the CLI and the editor start with.
// They bound what a file costs, not only its size: a small PNG can decode to gigabytes, a small glTF
// can instance one mesh millions of times.
struct FileRules {
    bool allowOutsideProject = false;
    std::int64_t maxFileBytes = std::int64_t(1) << 30; // 1 GiB
    int maxImageSide = 16384;                          // pixels, either side of an image or heightmap
    // The decoded pixels of every image and heightmap file one level reads, together (a file named by
    // several references counts once): a 16384 x 16384 16-bit heightmap (512 MiB) fits once.
    std::int64_t maxImageBytes = std::int64_t(768) << 20;
    // Triangles of one level's meshes after instancing (a glTF node used twice counts twice).
    std::int64_t maxTriangles = 4'000'000;
    // Nodes of one mesh file's scene after instancing (the importer makes one per use of a node).
    std::int64_t maxMeshNodes = 100'000;
    // Plan cells of one agent's navigation mesh (its tiles' cells together): a 1,000,000-triangle
    // terrain 707 units across takes 28 million for a guard of radius 0.4.
    std::int64_t maxNavmeshCells = 200'000'000;
    // Samples one command takes along one rail (fit-heights' profile, drape's grade check): 10 million
    // is a 625 km rail at fit-heights' default tolerance; past it the answer would take gigabytes.
    std::int64_t maxRailSamples = 10'000'000;
    std::chrono::milliseconds timeLimit{30000}; // 0: none
    friend bool operator==(const FileRules &, const FileRules &) = default;
};

// How a message names the setting that raises a limit: the CLI's option and the editor's menu.
// "--max-image-memory" -> "(--max-image-memory, or Level > Reference Limits in the editor, raises it)".
std::string raisedBy(const char *option);

// The project a level in `levelFolder` belongs to (canonical, symlinks resolved).
QString projectRootFor(const QString &levelFolder);

// True when `path` is `root` or lies below it (both absolute and clean; no file is looked at).
bool isInside(const QString &path, const QString &root);

// The version-control folder `path` lies in (".git", ".hg", ".svn", ".bzr", "_darcs", "CVS"), or an empty
// string. A repository's folder holds its configuration, hooks and every past version of every file:
// nothing in it is art, and its config may hold credentials.
QString versionControlFolderOf(const QString &path);

// Why a file was not opened.
struct FileProblem {
    enum class Kind {
        Missing,    // no such file (a teammate's art not pulled yet: a warning)
        Outside,    // outside the project, or an absolute path there
        NotRegular, // a FIFO, device, socket or folder
        TooLarge,   // over FileRules::maxFileBytes
        Unreadable, // permissions, I/O
        History,    // inside a version-control folder (.git, .hg, .svn...): never a reference
    };
    Kind kind = Kind::Missing;
    std::string detail; // the project root, the type, the size, the system's words
    bool absolutePath = false;

    // True for the rules of this file (a level that breaks one is refused: an error, not a warning).
    bool breaksRule() const
    {
        return kind == Kind::Outside || kind == Kind::NotRegular || kind == Kind::TooLarge || kind == Kind::History;
    }
    // "'../../secret.txt' is outside the project (/home/me/game)", the file named as `name`.
    std::string message(const std::string &name) const;
};

// Stops a read in progress: set from any thread, seen by the reader between chunks and by assimp's
// progress callback. Also carries the deadline of FileRules::timeLimit.
class ReadBudget {
public:
    explicit ReadBudget(std::chrono::milliseconds timeLimit = {},
                        std::shared_ptr<const std::atomic_bool> cancelled = nullptr);
    // True once cancelled or past the deadline.
    bool exhausted() const;
    // Why: "cancelled" or "took longer than 30 s".
    std::string reason() const;
    // The time the whole read may take (0: no limit).
    std::chrono::milliseconds timeLimit() const { return m_limit; }

    // Counts a cost of a read against a limit shared by everything read under this budget (one level):
    // `amount` of `what` for the file `key`, once per key however often it is asked. False, and the
    // total it would have made in `total`, when that goes over `limit`; nothing is counted then.
    bool charge(const std::string &what, const std::string &key, std::int64_t amount, std::int64_t limit,
                std::int64_t *total = nullptr) const;

private:
    struct Account;
    std::chrono::steady_clock::time_point m_deadline;
    bool m_hasDeadline = false;
    std::chrono::milliseconds m_limit{};
    std::shared_ptr<const std::atomic_bool> m_cancelled;
    std::shared_ptr<Account> m_account; // shared by the copies of this budget
};

// A file opened for reading after every rule held. Owns its descriptor.
class OpenedFile {
public:
    OpenedFile() = default;
    OpenedFile(int fd, std::int64_t size, QString path) : m_fd(fd), m_size(size), m_path(std::move(path)) {}
    OpenedFile(OpenedFile &&other) noexcept;
    OpenedFile &operator=(OpenedFile &&other) noexcept;
    OpenedFile(const OpenedFile &) = delete;
    OpenedFile &operator=(const OpenedFile &) = delete;
    ~OpenedFile();

    bool isOpen() const { return m_fd >= 0; }
    int descriptor() const { return m_fd; }
    std::int64_t size() const { return m_size; }
    const QString &path() const { return m_path; } // canonical
    // Gives up the descriptor (the caller closes it).
    int release();

private:
    int m_fd = -1;
    std::int64_t m_size = 0;
    QString m_path;
};

// The rules applied to one level's files.
class ProjectFiles {
public:
    ProjectFiles(const QString &levelFolder, FileRules rules);

    const QString &levelFolder() const { return m_levelFolder; }
    const QString &root() const { return m_root; }
    const FileRules &rules() const { return m_rules; }

    // `written` (a path as a level or a file in it names it) against folder `base`: the canonical
    // path, or nothing and in `problem` why not (outside the project, missing). Nothing is opened.
    std::optional<QString> resolve(const QString &base, const QString &written, FileProblem *problem) const;

    // Opens a resolved path under every rule: inside the project (checked again on the file actually
    // opened), a regular file, within the size limit. Never blocks on a FIFO or a device.
    OpenedFile open(const QString &path, FileProblem *problem) const;

    // resolve, then open.
    OpenedFile openWritten(const QString &base, const QString &written, FileProblem *problem) const;

    // True when `canonicalPath` lies in the project (or the rules let anything be read).
    bool allows(const QString &canonicalPath) const;

private:
    QString m_levelFolder;
    QString m_root;
    FileRules m_rules;
};

// "1 GiB", "512 MiB", "300 bytes": a byte count as people read it.
std::string formatBytes(std::int64_t bytes);

} // namespace railforge::document
