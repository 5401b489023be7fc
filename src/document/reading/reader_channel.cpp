#include "document/reading/reader_channel.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/socket.h>

namespace railforge::reading {
namespace {

struct Header {
    std::uint32_t magic;
    std::uint32_t kind;
    std::uint64_t bodyBytes;
};
static_assert(sizeof(Header) == 16);

// How long one poll() may wait: up to the deadline, and short enough to ask `stop` again soon.
int pollSlice(Clock::time_point deadline, bool askingStop)
{
    const int slice = askingStop ? 50 : 1000;
    if (deadline == kNoDeadline) return slice;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return int(std::clamp<long long>(left + 1, 0, slice));
}

} // namespace

Channel::Io Channel::waitFor(short events, Clock::time_point deadline, const std::function<bool()> &stop)
{
    for (;;) {
        if (stop && stop()) return Io::Stopped;
        if (deadline != kNoDeadline && Clock::now() >= deadline) return Io::TimedOut;
        pollfd p{m_fd, events, 0};
        const int n = ::poll(&p, 1, pollSlice(deadline, bool(stop)));
        if (n > 0) return Io::Ok; // ready, or hung up: the next call says which
        if (n < 0 && errno != EINTR) return Io::Failed;
    }
}

Channel::Io Channel::send(Kind kind, const std::string &body, int fd, Clock::time_point deadline)
{
    const Header header{kMagic, std::uint32_t(kind), body.size()};
    // The header goes first, alone, so that the descriptor rides on its first byte.
    std::string bytes(reinterpret_cast<const char *>(&header), sizeof header);
    bytes += body;
    std::size_t done = 0;
    bool fdSent = fd < 0;
    while (done < bytes.size()) {
        if (const Io io = waitFor(POLLOUT, deadline, {}); io != Io::Ok) return io;
        iovec part{bytes.data() + done, bytes.size() - done};
        msghdr message{};
        message.msg_iov = &part;
        message.msg_iovlen = 1;
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
        if (!fdSent) {
            message.msg_control = control;
            message.msg_controllen = sizeof control;
            cmsghdr *c = CMSG_FIRSTHDR(&message);
            c->cmsg_level = SOL_SOCKET;
            c->cmsg_type = SCM_RIGHTS;
            c->cmsg_len = CMSG_LEN(sizeof(int));
            std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
        }
        const ssize_t n = ::sendmsg(m_fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
            return errno == EPIPE || errno == ECONNRESET ? Io::Closed : Io::Failed;
        }
        fdSent = true;
        done += std::size_t(n);
    }
    return Io::Ok;
}

Channel::Io Channel::readExactly(char *data, std::size_t size, Clock::time_point deadline,
                                 const std::function<bool()> &stop, UniqueFd *fd)
{
    std::size_t done = 0;
    while (done < size) {
        if (const Io io = waitFor(POLLIN, deadline, stop); io != Io::Ok) return io;
        iovec part{data + done, size - done};
        msghdr message{};
        message.msg_iov = &part;
        message.msg_iovlen = 1;
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
        if (fd) {
            message.msg_control = control;
            message.msg_controllen = sizeof control;
        }
        const ssize_t n = ::recvmsg(m_fd, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
            return errno == ECONNRESET ? Io::Closed : Io::Failed;
        }
        if (n == 0) return Io::Closed;
        if (fd) {
            for (cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
                if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
                int got = -1;
                std::memcpy(&got, CMSG_DATA(c), sizeof got);
                fd->reset(got); // one a frame; a second would replace (and close) the first
            }
            if (message.msg_flags & MSG_CTRUNC) return Io::Failed;
        }
        done += std::size_t(n);
    }
    return Io::Ok;
}

Channel::Io Channel::receive(Frame &frame, Clock::time_point deadline, const std::function<bool()> &stop)
{
    Header header{};
    frame.fd.reset();
    if (const Io io = readExactly(reinterpret_cast<char *>(&header), sizeof header, deadline, stop, &frame.fd);
        io != Io::Ok)
        return io;
    if (header.magic != kMagic || header.bodyBytes > kMaxBodyBytes) return Io::Failed;
    frame.kind = Kind(header.kind);
    frame.body.assign(std::size_t(header.bodyBytes), '\0');
    return readExactly(frame.body.data(), frame.body.size(), deadline, stop, nullptr);
}

} // namespace railforge::reading
