// The memory file (memfd) a reader's result travels in: written in pieces as the data is made, then
// sealed, so that what RailForge reads cannot change under it, whatever the reader does next.
#pragma once

#include "document/reading/unique_fd.h"

#include <cstddef>
#include <cstdint>

namespace railforge::readerhost {

class ResultMemory {
public:
    // False when the system gives no memory file.
    bool create();
    // False when the memory is not there (the reader's limit, or the system's).
    bool append(const void *data, std::size_t size);
    // No more writes, no growing or shrinking: RailForge checks the seals.
    bool seal();
    int fd() const { return m_fd.get(); }
    std::int64_t size() const { return m_size; }

private:
    reading::UniqueFd m_fd;
    std::int64_t m_size = 0;
};

} // namespace railforge::readerhost
