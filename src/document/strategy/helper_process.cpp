#include "document/strategy/helper_process.h"

namespace railforge::document {

namespace {

// The fd number the helper finds its socket on (see src/plugin-host/main.cpp).
constexpr int kHelperSocketFd = 3;
// Larger socket buffers let big paths stream in fewer wake-ups (the kernel caps the request).
constexpr int kSocketBufferBytes = 4 << 20;

} // namespace

std::unique_ptr<HelperProcess> HelperProcess::start(const std::string &executable, std::size_t memoryLimitMb,
                                                    std::chrono::milliseconds startTimeout, std::string *error)
{
    reading::UniqueFd socket;
    auto child = reading::ChildProcess::start(executable, {"--memory-limit-mb", std::to_string(memoryLimitMb)},
                                              kHelperSocketFd, &socket, error, kSocketBufferBytes);
    if (!child) return nullptr;
    std::unique_ptr<HelperProcess> helper(new HelperProcess(std::move(child), std::move(socket)));
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

void HelperProcess::kill() { m_child->kill(); }

std::string HelperProcess::reap()
{
    if (m_child->reaped()) return "has ended";
    return m_child->reap().describe();
}

} // namespace railforge::document
