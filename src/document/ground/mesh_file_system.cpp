#include "document/ground/mesh_file_system.h"

#include <QDir>
#include <QFileInfo>

#include <unistd.h>

#include <algorithm>
#include <assimp/IOStream.hpp>
#include <cerrno>
#include <functional>
#include <sys/stat.h>

namespace railforge::document {
namespace {

// A checked file read in chunks, each after a look at the budget.
class BudgetedStream : public Assimp::IOStream {
public:
    BudgetedStream(OpenedFile file, const ReadBudget &budget, std::function<void()> onExhausted)
        : m_file(std::move(file)), m_budget(budget), m_onExhausted(std::move(onExhausted))
    {}

    size_t Read(void *buffer, size_t size, size_t count) override
    {
        if (size == 0 || count == 0) return 0;
        const std::int64_t wanted = std::int64_t(size) * std::int64_t(count);
        const std::int64_t left = std::max<std::int64_t>(0, m_file.size() - m_position);
        const std::int64_t total = std::min(wanted, left);
        constexpr std::int64_t kChunk = 4 << 20;
        std::int64_t done = 0;
        auto *out = static_cast<char *>(buffer);
        while (done < total) {
            if (m_budget.exhausted()) {
                m_onExhausted();
                break;
            }
            const std::int64_t step = std::min(kChunk, total - done);
            const ssize_t n = ::pread(m_file.descriptor(), out + done, size_t(step), off_t(m_position + done));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            done += n;
        }
        m_position += done;
        return size_t(done) / size; // whole items, as fread counts them
    }

    size_t Write(const void *, size_t, size_t) override { return 0; }

    aiReturn Seek(size_t offset, aiOrigin origin) override
    {
        std::int64_t to = std::int64_t(offset);
        if (origin == aiOrigin_CUR) to += m_position;
        if (origin == aiOrigin_END) to = m_file.size() - std::int64_t(offset);
        if (to < 0 || to > m_file.size()) return aiReturn_FAILURE;
        m_position = to;
        return aiReturn_SUCCESS;
    }

    size_t Tell() const override { return size_t(m_position); }
    size_t FileSize() const override { return size_t(m_file.size()); }
    void Flush() override {}

private:
    OpenedFile m_file;
    const ReadBudget &m_budget;
    std::function<void()> m_onExhausted;
    std::int64_t m_position = 0;
};

} // namespace

MeshFileSystem::MeshFileSystem(const ProjectFiles &files, const ReadBudget &budget, QString meshFile)
    : m_files(files), m_budget(budget), m_meshFile(std::move(meshFile)),
      m_meshFolder(QFileInfo(m_meshFile).absolutePath())
{}

void MeshFileSystem::refuse(const FileProblem &problem, const QString &path) const
{
    if (!m_refusal.empty()) return;
    // Named as the mesh file would write it: relative to its folder.
    const QString shown =
        QDir(m_meshFolder).relativeFilePath(QDir::cleanPath(QDir(m_meshFolder).absoluteFilePath(path)));
    FileProblem named = problem;
    named.absolutePath = false; // the importer joins every name to a folder; the name is the mesh's
    m_refusal = "its file " + named.message(shown.toStdString());
}

bool MeshFileSystem::Exists(const char *file) const
{
    const QString path = QFile::decodeName(file);
    FileProblem problem;
    const auto resolved = m_files.resolve(m_meshFolder, path, &problem);
    if (!resolved) {
        if (problem.breaksRule()) refuse(problem, path);
        return false;
    }
    struct stat info {};
    return ::stat(QFile::encodeName(*resolved).constData(), &info) == 0 && S_ISREG(info.st_mode);
}

Assimp::IOStream *MeshFileSystem::Open(const char *file, const char *mode)
{
    if (!mode || mode[0] != 'r') return nullptr; // reading only
    const QString path = QFile::decodeName(file);
    FileProblem problem;
    OpenedFile opened = m_files.openWritten(m_meshFolder, path, &problem);
    if (!opened.isOpen()) {
        if (problem.breaksRule()) refuse(problem, path);
        return nullptr;
    }
    return new BudgetedStream(std::move(opened), m_budget, [this] {
        if (m_refusal.empty()) m_refusal = m_budget.reason();
    });
}

void MeshFileSystem::Close(Assimp::IOStream *stream) { delete stream; }

} // namespace railforge::document
