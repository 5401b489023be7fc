#include "reader-host/remote_files.h"

#include "document/reading/reader_messages.h"

#include <unistd.h>

#include <assimp/IOStream.hpp>
#include <cerrno>
#include <cstdlib>
#include <sys/stat.h>

namespace railforge::readerhost {
namespace {

// A file RailForge opened for the reader, read with pread at the stream's own position.
class DescriptorStream : public Assimp::IOStream {
public:
    DescriptorStream(reading::UniqueFd fd, std::int64_t size) : m_fd(std::move(fd)), m_size(size) {}

    size_t Read(void *buffer, size_t size, size_t count) override
    {
        if (size == 0 || count == 0) return 0;
        const std::int64_t left = std::max<std::int64_t>(0, m_size - m_position);
        const std::int64_t wanted = std::min<std::int64_t>(std::int64_t(size) * std::int64_t(count), left);
        std::int64_t done = 0;
        auto *out = static_cast<char *>(buffer);
        while (done < wanted) {
            const ssize_t n = ::pread(m_fd.get(), out + done, size_t(wanted - done), off_t(m_position + done));
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
        if (origin == aiOrigin_END) to = m_size - std::int64_t(offset);
        if (to < 0 || to > m_size) return aiReturn_FAILURE;
        m_position = to;
        return aiReturn_SUCCESS;
    }
    size_t Tell() const override { return size_t(m_position); }
    size_t FileSize() const override { return size_t(m_size); }
    void Flush() override {}

private:
    reading::UniqueFd m_fd;
    std::int64_t m_size;
    std::int64_t m_position = 0;
};

} // namespace

RemoteFiles::Answered RemoteFiles::ask(bool open, const char *file) const
{
    const std::string body = reading::encode(reading::Ask{open, file ? file : ""});
    reading::Frame answer;
    if (m_channel.send(reading::Kind::Ask, body, -1, reading::kNoDeadline) != reading::Channel::Io::Ok ||
        m_channel.receive(answer, reading::kNoDeadline) != reading::Channel::Io::Ok ||
        answer.kind != reading::Kind::Answer)
        std::_Exit(1);
    const auto decoded = reading::decodeAnswer(answer.body);
    if (!decoded) std::_Exit(1);
    return {decoded->ok, std::move(answer.fd)};
}

bool RemoteFiles::Exists(const char *file) const { return ask(false, file).ok; }

Assimp::IOStream *RemoteFiles::Open(const char *file, const char *mode)
{
    if (!mode || mode[0] != 'r') return nullptr; // reading only
    reading::UniqueFd fd = ask(true, file).fd;
    struct stat info {};
    if (!fd.valid() || ::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode)) return nullptr;
    return new DescriptorStream(std::move(fd), std::int64_t(info.st_size));
}

void RemoteFiles::Close(Assimp::IOStream *stream) { delete stream; }

} // namespace railforge::readerhost
