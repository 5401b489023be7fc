// railforge-reader: the process in which RailForge's third-party decoders run (assimp for meshes, Qt's
// image plugins for images and heightmaps), so that a file made to crash them, or to make them take
// all the memory or time there is, costs a refused reference and nothing else. It is started by
// RailForge (document/reading/reader_process.h), never by hand, serves one request on the socket it
// inherits as fd 3, and ends.
//
//     railforge-reader --memory-limit-bytes N --cpu-seconds S
//
// Its walls: an address-space limit and a CPU-time limit (RailForge derives both from the level's
// read limits); no file of its own (it asks RailForge for each one, which applies the project's rules
// and hands over a descriptor); and, where the kernel has Landlock, no way to open one anyway.
#include "document/reading/reader_channel.h"
#include "document/reading/reader_messages.h"
#include "document/reading/reader_process.h"

#include "reader-host/image_reading.h"
#include "reader-host/landlock_wall.h"
#include "reader-host/mesh_reading.h"

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/prctl.h>
#include <sys/resource.h>

namespace {

using namespace railforge;
using namespace railforge::readerhost;

constexpr int kSocketFd = 3;

void setLimit(int resource, rlim_t soft, rlim_t hard)
{
    const rlimit limit{soft, hard};
    ::setrlimit(resource, &limit);
}

void limitResources(long long memoryBytes, long long cpuSeconds)
{
    setLimit(RLIMIT_CORE, 0, 0); // a crash leaves no core file in the designer's folders
    if (memoryBytes > 0) {
        setLimit(RLIMIT_AS, rlim_t(memoryBytes), rlim_t(memoryBytes));
        // The result's memory file is written, not mapped: held to the same size.
        setLimit(RLIMIT_FSIZE, rlim_t(memoryBytes), rlim_t(memoryBytes));
    }
    // SIGXCPU at the limit ends it; the hard limit a second later is the kernel's own SIGKILL.
    if (cpuSeconds > 0) setLimit(RLIMIT_CPU, rlim_t(cpuSeconds), rlim_t(cpuSeconds + 1));
    // One malloc arena: another one reserves 64 MiB of the address space for nothing.
    ::mallopt(M_ARENA_MAX, 1);
    // A failed allocation anywhere, whatever a decoder would do about it, ends the reader with a status
    // that says so.
    std::set_new_handler([] { std::_Exit(reading::kExitOutOfMemory); });
}

void sendResult(reading::Channel &channel, const reading::Result &result, int memoryFd)
{
    channel.send(reading::Kind::Result, reading::encode(result),
                 result.outcome == reading::Result::Outcome::Ok ? memoryFd : -1, reading::kNoDeadline);
}

} // namespace

int main(int argc, char **argv)
{
    long long memoryBytes = 0, cpuSeconds = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--memory-limit-bytes") == 0 && i + 1 < argc) {
            memoryBytes = std::strtoll(argv[++i], nullptr, 10);
        } else if (std::strcmp(argv[i], "--cpu-seconds") == 0 && i + 1 < argc) {
            cpuSeconds = std::strtoll(argv[++i], nullptr, 10);
        } else {
            std::fprintf(stderr, "railforge-reader: unknown argument '%s' (it is started by RailForge, not by hand)\n",
                         argv[i]);
            return reading::kExitBadStart;
        }
    }
    if (::fcntl(kSocketFd, F_GETFD) < 0) {
        std::fprintf(stderr, "railforge-reader: no socket on fd %d (it is started by RailForge, not by hand)\n",
                     kSocketFd);
        return reading::kExitBadStart;
    }
    // RailForge reaps its reader before the thread that started it goes on, so the parent's death is
    // the only way to be orphaned: then there is no one to read for.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() == 1) return 0;
    limitResources(memoryBytes, cpuSeconds);

    reading::Channel channel(kSocketFd);
    reading::Frame request;
    if (channel.receive(request, reading::kNoDeadline) != reading::Channel::Io::Ok) return 1;
    if (request.kind == reading::Kind::ReadImage) loadImagePlugins();
    // Without Landlock the first wall stands alone (landlock_wall.h): not a reason to refuse a file.
    std::string why;
    raiseLandlockWall(&why);

    ResultMemory memory;
    if (request.kind == reading::Kind::ReadMesh) {
        const auto mesh = reading::decodeMeshRequest(request.body);
        if (!mesh) return 1;
        // The memory file exists only once the reading has made it: read first, then take its descriptor.
        const reading::Result result = readMesh(channel, *mesh, memory);
        sendResult(channel, result, memory.fd());
    } else if (request.kind == reading::Kind::ReadImage) {
        const auto image = reading::decodeImageRequest(request.body);
        if (!image || !request.fd.valid()) return 1;
        if (const auto result = readImage(channel, *image, std::move(request.fd), memory))
            sendResult(channel, *result, memory.fd());
    } else {
        return 1;
    }
    return 0;
}
