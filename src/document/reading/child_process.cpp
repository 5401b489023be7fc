#include "document/reading/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/wait.h>

extern char **environ;

namespace railforge::reading {
namespace {

std::string errnoText(const std::string &what) { return what + ": " + std::strerror(errno); }

} // namespace

std::string ChildEnd::describe() const
{
    if (code < 0) return "ended (its status is unknown)";
    if (!signalled) return "exited with status " + std::to_string(code);
    const char *name = ::strsignal(code);
    return "crashed (signal " + std::to_string(code) + (name ? std::string(", ") + name : std::string()) + ")";
}

std::unique_ptr<ChildProcess> ChildProcess::start(const std::string &executable,
                                                  const std::vector<std::string> &arguments, int childSocketFd,
                                                  UniqueFd *parentSocket, std::string *error, int socketBufferBytes)
{
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        *error = errnoText("socketpair");
        return nullptr;
    }
    if (socketBufferBytes > 0)
        for (int fd : fds)
            for (int option : {SO_SNDBUF, SO_RCVBUF})
                ::setsockopt(fd, SOL_SOCKET, option, &socketBufferBytes, sizeof socketBufferBytes);
    UniqueFd parent(fds[0]);
    // The child's end must not be on its final number already (dup2 onto itself keeps close-on-exec).
    const UniqueFd childEnd(::fcntl(fds[1], F_DUPFD_CLOEXEC, childSocketFd + 7));
    ::close(fds[1]);
    if (!childEnd.valid()) {
        *error = errnoText("fcntl");
        return nullptr;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, childEnd.get(), childSocketFd);
    posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
    std::vector<char *> argv{const_cast<char *>(executable.c_str())};
    for (const std::string &a : arguments) argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, executable.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        errno = spawned;
        *error = errnoText("cannot start " + executable);
        return nullptr;
    }
    *parentSocket = std::move(parent);
    return std::unique_ptr<ChildProcess>(new ChildProcess(pid));
}

ChildProcess::~ChildProcess()
{
    if (!m_reaped) {
        kill();
        reap();
    }
}

void ChildProcess::kill()
{
    if (!m_reaped) ::kill(m_pid, SIGKILL);
}

ChildEnd ChildProcess::reap()
{
    if (m_reaped) return m_end;
    int status = 0;
    pid_t got;
    do got = ::waitpid(m_pid, &status, 0);
    while (got < 0 && errno == EINTR);
    m_reaped = true;
    if (got < 0)
        m_end = {false, -1};
    else if (WIFSIGNALED(status))
        m_end = {true, WTERMSIG(status)};
    else if (WIFEXITED(status))
        m_end = {false, WEXITSTATUS(status)};
    else
        m_end = {false, -1};
    return m_end;
}

} // namespace railforge::reading
