// railforge-strategy-host: the helper process that runs smoothing-strategy plugins for the editor
// and the CLI (see document/strategy/strategy_host.h). It is started by them, never by hand: it serves the
// socket it inherits as fd 3 and ends when that socket closes or its parent dies.
//
//     railforge-strategy-host --memory-limit-mb N
#include "plugin-host/strategy_server.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/resource.h>
#include <thread>

namespace {

constexpr int kSocketFd = 3;

void limitResources(std::size_t memoryLimitMb)
{
    // A crashing plugin must not leave core files in the designer's folders.
    const rlimit noCore{0, 0};
    ::setrlimit(RLIMIT_CORE, &noCore);
    if (memoryLimitMb > 0) {
        const rlim_t bytes = rlim_t(memoryLimitMb) << 20;
        const rlimit memory{bytes, bytes};
        ::setrlimit(RLIMIT_AS, &memory);
    }
}

} // namespace

int main(int argc, char **argv)
{
    std::size_t memoryLimitMb = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--memory-limit-mb") == 0 && i + 1 < argc) {
            memoryLimitMb = std::strtoull(argv[++i], nullptr, 10);
        } else {
            std::fprintf(stderr,
                         "railforge-strategy-host: unknown argument '%s' (it is started by RailForge, not by hand)\n",
                         argv[i]);
            return 2;
        }
    }
    if (::fcntl(kSocketFd, F_GETFD) < 0) {
        std::fprintf(stderr,
                     "railforge-strategy-host: no host socket on fd %d (it is started by RailForge, not by hand)\n",
                     kSocketFd);
        return 2;
    }
    // If the editor or CLI dies, so do we, even inside a strategy that never returns. (Not
    // PR_SET_PDEATHSIG: it fires when the *thread* that started us ends, and hosts start helpers
    // from worker threads that come and go.)
    const pid_t parent = ::getppid();
    std::thread([parent] {
        for (;;) {
            if (::getppid() != parent) ::_exit(0);
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
    }).detach();
    limitResources(memoryLimitMb);
    railforge::document::wire::Channel channel(kSocketFd);
    return railforge::pluginhost::StrategyServer(memoryLimitMb).serve(channel);
}
