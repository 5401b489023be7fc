// A process RailForge starts to do risky work apart from itself (a strategy plugin's host, a decoder's
// reader): it finds one end of a socket pair on a fixed descriptor, what it prints goes to RailForge's
// stderr (never into an output), and its owner kills and reaps it. POSIX (posix_spawn, socketpair).
#pragma once

#include "document/reading/unique_fd.h"

#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace railforge::reading {

// How a child ended.
struct ChildEnd {
    bool signalled = false;
    int code = 0; // the signal, or the exit status (-1: unknown)
    // "crashed (signal 11, Segmentation fault)", "exited with status 3".
    std::string describe() const;
};

class ChildProcess {
public:
    // Starts `executable` with `arguments`, the child's end of a new socket pair on `childSocketFd`;
    // the other end in `parentSocket`. `socketBufferBytes` (0: the system's) asks for larger buffers
    // both ways. Null and why in `error` when it cannot start.
    static std::unique_ptr<ChildProcess> start(const std::string &executable, const std::vector<std::string> &arguments,
                                               int childSocketFd, UniqueFd *parentSocket, std::string *error,
                                               int socketBufferBytes = 0);
    ~ChildProcess(); // kills it if it still runs, and reaps it
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    pid_t pid() const { return m_pid; }
    // SIGKILL, without waiting; safe from another thread while a call on its socket waits.
    void kill();
    // Waits for it to end; later calls give the first call's answer.
    ChildEnd reap();
    bool reaped() const { return m_reaped; }

private:
    explicit ChildProcess(pid_t pid) : m_pid(pid) {}
    pid_t m_pid;
    bool m_reaped = false;
    ChildEnd m_end;
};

} // namespace railforge::reading
