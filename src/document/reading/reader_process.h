// One railforge-reader process: started with an address-space limit and a CPU-time limit, spoken to
// over a socket (reader_channel.h), killed and reaped when done with (child_process.h). A reader
// serves one request and ends.
#pragma once

#include "document/reading/child_process.h"
#include "document/reading/reader_channel.h"

#include <cstdint>
#include <memory>
#include <string>

namespace railforge::reading {

// Exit statuses of the reader that say why it ended without a result.
inline constexpr int kExitOutOfMemory = 86; // an allocation failed under its memory limit
inline constexpr int kExitBadStart = 2;     // started by hand, or without its socket

struct ReaderLimits {
    std::int64_t memoryBytes = 0; // address space; 0: none
    int cpuSeconds = 0;           // 0: none
};

class ReaderProcess {
public:
    // Starts `executable`; null and why in `error` when it cannot.
    static std::unique_ptr<ReaderProcess> start(const std::string &executable, const ReaderLimits &limits,
                                                std::string *error);

    Channel &channel() { return m_channel; }
    void kill() { m_child->kill(); }
    // Waits for it to end.
    ChildEnd reap() { return m_child->reap(); }

private:
    ReaderProcess(std::unique_ptr<ChildProcess> child, UniqueFd socket)
        : m_socket(std::move(socket)), m_channel(m_socket.get()), m_child(std::move(child))
    {}
    UniqueFd m_socket;
    Channel m_channel;
    std::unique_ptr<ChildProcess> m_child; // last member: killed and reaped before the socket closes
};

// RAILFORGE_READER when set, else railforge-reader beside the running binary.
std::string readerExecutable();

} // namespace railforge::reading
