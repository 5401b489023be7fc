// One running railforge-strategy-host process and the socket to it (started as every child process
// is, document/reading/child_process.h); the host owns the child: it kills and reaps it when done.
#pragma once

#include "document/reading/child_process.h"
#include "document/strategy/strategy_wire.h"

#include <memory>
#include <string>
#include <sys/types.h>

namespace railforge::document {

class HelperProcess {
public:
    // Starts `executable` with a memory limit and waits (up to `startTimeout`) for its Hello.
    // Null and a reason in `error` when it cannot start or does not speak the protocol.
    static std::unique_ptr<HelperProcess> start(const std::string &executable, std::size_t memoryLimitMb,
                                                std::chrono::milliseconds startTimeout, std::string *error);
    HelperProcess(const HelperProcess &) = delete;
    HelperProcess &operator=(const HelperProcess &) = delete;

    wire::Channel &channel() { return m_channel; }
    pid_t pid() const { return m_child->pid(); }

    // Kills the process (SIGKILL) without reaping it; safe from another thread while a call waits.
    void kill();
    // Waits for the process to end (it was killed, or closed its socket) and describes how it ended:
    // "crashed (signal 11, Segmentation fault)", "exited with status 70" (child_process.h).
    std::string reap();

    // The obstacles this helper holds (0: none yet).
    std::uint64_t obstacleKey = 0;

private:
    HelperProcess(std::unique_ptr<reading::ChildProcess> child, reading::UniqueFd socket)
        : m_socket(std::move(socket)), m_channel(m_socket.get()), m_child(std::move(child))
    {}
    reading::UniqueFd m_socket;
    wire::Channel m_channel;
    std::unique_ptr<reading::ChildProcess> m_child; // last member: killed and reaped before the socket closes
};

} // namespace railforge::document
