#include "document/reading/reader_process.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>

namespace railforge::reading {
namespace {

// The fd number the reader finds its socket on (src/reader-host/main.cpp).
constexpr int kReaderSocketFd = 3;

} // namespace

std::unique_ptr<ReaderProcess> ReaderProcess::start(const std::string &executable, const ReaderLimits &limits,
                                                    std::string *error)
{
    UniqueFd socket;
    auto child = ChildProcess::start(executable,
                                     {"--memory-limit-bytes", std::to_string(limits.memoryBytes), "--cpu-seconds",
                                      std::to_string(limits.cpuSeconds)},
                                     kReaderSocketFd, &socket, error);
    if (!child) return nullptr;
    return std::unique_ptr<ReaderProcess>(new ReaderProcess(std::move(child), std::move(socket)));
}

std::string readerExecutable()
{
    if (const char *given = std::getenv("RAILFORGE_READER"); given && *given) return given;
    char self[PATH_MAX] = {};
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    std::string folder = n > 0 ? std::string(self, std::size_t(n)) : std::string();
    folder = folder.substr(0, folder.rfind('/'));
    return folder + "/railforge-reader";
}

} // namespace railforge::reading
