#include "plugin-host/fatal_reply.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

namespace railforge::pluginhost {

namespace wire = document::wire;

namespace {

wire::Channel *g_channel = nullptr;
std::size_t g_memoryLimitMb = 0;
const char *g_phase = "";

// Exit status of a helper that reported a fatal error itself (BSD's EX_SOFTWARE).
constexpr int kFatalExit = 70;

[[noreturn]] void replyAndExit()
{
    static char message[512];
    auto status = wire::ReplyStatus::Threw;
    const char *suffix = *g_phase ? g_phase : "";
    try {
        if (std::exception_ptr thrown = std::current_exception()) std::rethrow_exception(thrown);
        std::snprintf(message, sizeof message, "ended by std::terminate%s%s", *suffix ? " " : "", suffix);
    } catch (const std::bad_alloc &) {
        status = wire::ReplyStatus::OutOfMemory;
        std::snprintf(message, sizeof message, "ran out of memory%s%s (limit %zu MB)", *suffix ? " " : "", suffix,
                      g_memoryLimitMb);
    } catch (const std::exception &e) {
        std::snprintf(message, sizeof message, "threw an exception%s%s: %s", *suffix ? " " : "", suffix, e.what());
    } catch (...) {
        std::snprintf(message, sizeof message, "threw an exception%s%s", *suffix ? " " : "", suffix);
    }
    if (g_channel) {
        // The reply head by hand (wire::encode allocates): status byte, message length, message.
        static char head[1 + sizeof(std::uint64_t) + sizeof message];
        const std::uint64_t length = std::strlen(message);
        head[0] = char(status);
        std::memcpy(head + 1, &length, sizeof length);
        std::memcpy(head + 1 + sizeof length, message, length);
        const std::uint32_t frame[2] = {wire::kMagic, std::uint32_t(wire::Kind::Reply)};
        const std::uint64_t sizes[2] = {1 + sizeof length + length, 0};
        const auto deadline = wire::Clock::now() + std::chrono::seconds(5);
        if (g_channel->write(frame, sizeof frame, deadline) == wire::Channel::Io::Ok &&
            g_channel->write(sizes, sizeof sizes, deadline) == wire::Channel::Io::Ok)
            g_channel->write(head, std::size_t(sizes[0]), deadline);
    }
    ::_exit(kFatalExit);
}

} // namespace

void setFatalReplyChannel(wire::Channel *channel, std::size_t memoryLimitMb)
{
    g_channel = channel;
    g_memoryLimitMb = memoryLimitMb;
    std::set_terminate(replyAndExit);
}

FatalPhase::FatalPhase(const char *where) : m_previous(g_phase) { g_phase = where; }
FatalPhase::~FatalPhase() { g_phase = m_previous; }

} // namespace railforge::pluginhost
