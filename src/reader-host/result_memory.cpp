#include "reader-host/result_memory.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <sys/mman.h>

namespace railforge::readerhost {

bool ResultMemory::create()
{
    m_fd.reset(::memfd_create("railforge-reader-result", MFD_CLOEXEC | MFD_ALLOW_SEALING));
    m_size = 0;
    return m_fd.valid();
}

bool ResultMemory::append(const void *data, std::size_t size)
{
    const auto *bytes = static_cast<const char *>(data);
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::write(m_fd.get(), bytes + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    m_size += std::int64_t(size);
    return true;
}

bool ResultMemory::seal()
{
    return ::fcntl(m_fd.get(), F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) == 0;
}

} // namespace railforge::readerhost
