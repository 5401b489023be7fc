#include "document/strategy/helper_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/wait.h>

extern char **environ;

namespace railforge::document {

namespace {

// The fd number the helper finds its socket on (see src/plugin-host/main.cpp).
constexpr int kHelperSocketFd = 3;

std::string errnoText(const char *what) { return std::string(what) + ": " + std::strerror(errno); }

} // namespace

std::unique_ptr<HelperProcess> HelperProcess::start(const std::string &executable, std::size_t memoryLimitMb,
                                                    std::chrono::milliseconds startTimeout, std::string *error)
{
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        *error = errnoText("socketpair");
        return nullptr;
    }
    // Larger socket buffers let big paths stream in fewer wake-ups (the kernel caps the request).
    for (int fd : fds)
        for (int option : {SO_SNDBUF, SO_RCVBUF}) {
            const int size = 4 << 20;
            ::setsockopt(fd, SOL_SOCKET, option, &size, sizeof size);
        }
    // The child end must not land on fd 3 already (dup2 onto itself would keep close-on-exec).
    const int childEnd = ::fcntl(fds[1], F_DUPFD_CLOEXEC, 10);
    ::close(fds[1]);
    if (childEnd < 0) {
        ::close(fds[0]);
        *error = errnoText("fcntl");
        return nullptr;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, childEnd, kHelperSocketFd);
    // A plugin that prints must not corrupt anything: its stdout goes where the host's stderr goes.
    posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
    const std::string limit = std::to_string(memoryLimitMb);
    char *argv[] = {const_cast<char *>(executable.c_str()), const_cast<char *>("--memory-limit-mb"),
                    const_cast<char *>(limit.c_str()), nullptr};
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(childEnd);
    if (spawned != 0) {
        ::close(fds[0]);
        errno = spawned;
        *error = errnoText(("cannot start " + executable).c_str());
        return nullptr;
    }
    std::unique_ptr<HelperProcess> helper(new HelperProcess(pid, fds[0]));
    wire::Message hello;
    const auto io = wire::receive(helper->m_channel, hello, wire::Clock::now() + startTimeout);
    if (io != wire::Channel::Io::Ok || hello.kind != wire::Kind::Hello) {
        if (io == wire::Channel::Io::TimedOut) helper->kill();
        *error = executable +
                 " did not start: " + (io == wire::Channel::Io::TimedOut ? std::string("no answer") : helper->reap());
        return nullptr;
    }
    if (auto version = wire::decodeHello(hello.head); !version || *version != wire::kProtocolVersion) {
        *error = executable + " speaks another protocol version (a helper from another RailForge build?)";
        return nullptr;
    }
    return helper;
}

HelperProcess::~HelperProcess()
{
    ::close(m_channel.fd());
    if (!m_reaped) {
        kill();
        reap();
    }
}

void HelperProcess::kill()
{
    if (!m_reaped) ::kill(m_pid, SIGKILL);
}

std::string HelperProcess::reap()
{
    if (m_reaped) return "has ended";
    int status = 0;
    pid_t got;
    do got = ::waitpid(m_pid, &status, 0);
    while (got < 0 && errno == EINTR);
    m_reaped = true;
    if (got < 0) return "ended (" + errnoText("waitpid") + ")";
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        const char *name = ::strsignal(signal);
        return "crashed (signal " + std::to_string(signal) + (name ? std::string(", ") + name : std::string()) + ")";
    }
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    return "was stopped";
}

} // namespace railforge::document
