#include "document/strategy/strategy_wire.h"

#include <poll.h>

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <type_traits>

namespace railforge::document::wire {

static_assert(sizeof(Vec3) == 3 * sizeof(double) && std::is_trivially_copyable_v<Vec3>, "points travel as raw doubles");

namespace {

// Milliseconds poll() may wait before the deadline passes (-1: forever).
int pollTimeout(Clock::time_point deadline)
{
    if (deadline == kNoDeadline) return -1;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left <= 0 ? 0 : int(std::min<long long>(left + 1, 1'000'000));
}

// Waits until the socket is ready for `events` or the deadline passes.
Channel::Io waitFor(int fd, short events, Clock::time_point deadline)
{
    for (;;) {
        pollfd p{fd, events, 0};
        const int n = ::poll(&p, 1, pollTimeout(deadline));
        if (n > 0) return Channel::Io::Ok; // readable, writable, or hung up: the next call says which
        if (n == 0) {
            if (Clock::now() >= deadline) return Channel::Io::TimedOut;
            continue;
        }
        if (errno != EINTR) return Channel::Io::Failed;
    }
}

class Writer {
public:
    template <typename T>
    void put(T value)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes.append(reinterpret_cast<const char *>(&value), sizeof value);
    }
    void put(const std::string &text)
    {
        put(std::uint64_t(text.size()));
        bytes += text;
    }
    std::string bytes;
};

class Reader {
public:
    explicit Reader(const std::string &bytes) : m_bytes(bytes) {}
    template <typename T>
    bool get(T &value)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        if (m_bytes.size() - m_at < sizeof value) return false;
        std::memcpy(&value, m_bytes.data() + m_at, sizeof value);
        m_at += sizeof value;
        return true;
    }
    bool get(std::string &text)
    {
        std::uint64_t size = 0;
        if (!get(size) || m_bytes.size() - m_at < size) return false;
        text.assign(m_bytes, m_at, std::size_t(size));
        m_at += std::size_t(size);
        return true;
    }
    // True when a count of items of at least `itemBytes` each can still be present.
    bool fits(std::uint64_t count, std::size_t itemBytes) const { return count <= (m_bytes.size() - m_at) / itemBytes; }
    bool atEnd() const { return m_at == m_bytes.size(); }

private:
    const std::string &m_bytes;
    std::size_t m_at = 0;
};

struct FrameHeader {
    std::uint32_t magic;
    std::uint32_t kind;
    std::uint64_t headBytes;
    std::uint64_t pointCount;
};

} // namespace

Channel::Io Channel::write(const void *data, std::size_t size, Clock::time_point deadline)
{
    const char *at = static_cast<const char *>(data);
    while (size > 0) {
        // MSG_NOSIGNAL: a helper that died must become an error here, not SIGPIPE for the whole editor.
        const ssize_t n = ::send(m_fd, at, size, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            at += n;
            size -= std::size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (const Io waited = waitFor(m_fd, POLLOUT, deadline); waited != Io::Ok) return waited;
            continue;
        }
        return (errno == EPIPE || errno == ECONNRESET) ? Io::Closed : Io::Failed;
    }
    return Io::Ok;
}

Channel::Io Channel::read(void *data, std::size_t size, Clock::time_point deadline)
{
    char *at = static_cast<char *>(data);
    while (size > 0) {
        const ssize_t n = ::recv(m_fd, at, size, MSG_DONTWAIT);
        if (n > 0) {
            at += n;
            size -= std::size_t(n);
            continue;
        }
        if (n == 0) return Io::Closed;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            if (const Io waited = waitFor(m_fd, POLLIN, deadline); waited != Io::Ok) return waited;
            continue;
        }
        return errno == ECONNRESET ? Io::Closed : Io::Failed;
    }
    return Io::Ok;
}

std::uint64_t fingerprint(const ObstacleShapes &shapes)
{
    // FNV-1a over the exact bits: equal shapes give equal keys; a collision would only cost a wrong
    // context, and 64 bits make that far less likely than a hardware fault.
    std::uint64_t h = 14695981039346656037ull;
    auto mix = [&](const void *data, std::size_t size) {
        const auto *bytes = static_cast<const unsigned char *>(data);
        for (std::size_t i = 0; i < size; ++i) h = (h ^ bytes[i]) * 1099511628211ull;
    };
    const std::uint64_t polygons = shapes.polygons.size();
    mix(&polygons, sizeof polygons);
    for (const auto &polygon : shapes.polygons) {
        const std::uint64_t n = polygon.size();
        mix(&n, sizeof n);
        mix(polygon.data(), polygon.size() * sizeof(core::Point2d));
    }
    mix(shapes.circles.data(), shapes.circles.size() * sizeof(core::CircleObstacle));
    return h == 0 ? 1 : h; // 0 means "no obstacles sent yet"
}

Channel::Io send(Channel &channel, Kind kind, const std::string &head, std::span<const Vec3> points,
                 Clock::time_point deadline)
{
    const FrameHeader header{kMagic, std::uint32_t(kind), head.size(), points.size()};
    Channel::Io io = channel.write(&header, sizeof header, deadline);
    if (io == Channel::Io::Ok) io = channel.write(head.data(), head.size(), deadline);
    if (io == Channel::Io::Ok && !points.empty()) io = channel.write(points.data(), points.size_bytes(), deadline);
    return io;
}

Channel::Io receive(Channel &channel, Message &message, Clock::time_point deadline)
{
    FrameHeader header{};
    if (Channel::Io io = channel.read(&header, sizeof header, deadline); io != Channel::Io::Ok) return io;
    if (header.magic != kMagic || header.headBytes > kMaxHeadBytes || header.pointCount > kMaxPoints)
        return Channel::Io::Failed;
    message.kind = Kind(header.kind);
    message.head.resize(std::size_t(header.headBytes));
    if (Channel::Io io = channel.read(message.head.data(), message.head.size(), deadline); io != Channel::Io::Ok)
        return io;
    message.points.resize(std::size_t(header.pointCount));
    return channel.read(message.points.data(), message.points.size() * sizeof(Vec3), deadline);
}

std::string encode(const SmoothHead &head)
{
    Writer w;
    w.put(head.pluginPath);
    w.put(head.strategyId);
    w.put(std::uint8_t(head.closed));
    w.put(std::uint64_t(head.params.size()));
    for (const auto &[name, value] : head.params) {
        w.put(name);
        w.put(std::uint8_t(value.index()));
        std::visit([&](const auto &v) { w.put(v); }, value);
    }
    w.put(head.obstacleKey);
    w.put(std::uint8_t(head.obstacles.has_value()));
    if (head.obstacles) {
        w.put(std::uint64_t(head.obstacles->polygons.size()));
        for (const auto &polygon : head.obstacles->polygons) {
            w.put(std::uint64_t(polygon.size()));
            for (const auto &p : polygon) w.put(p);
        }
        w.put(std::uint64_t(head.obstacles->circles.size()));
        for (const auto &c : head.obstacles->circles) w.put(c);
    }
    return std::move(w.bytes);
}

std::optional<SmoothHead> decodeSmoothHead(const std::string &bytes)
{
    Reader r(bytes);
    SmoothHead head;
    std::uint8_t closed = 0, hasObstacles = 0;
    std::uint64_t count = 0;
    if (!r.get(head.pluginPath) || !r.get(head.strategyId) || !r.get(closed) || !r.get(count)) return std::nullopt;
    head.closed = closed != 0;
    for (std::uint64_t i = 0; i < count; ++i) {
        std::string name;
        std::uint8_t type = 0;
        if (!r.get(name) || !r.get(type)) return std::nullopt;
        ParameterValue value;
        bool read = false;
        switch (type) {
        case 0: {
            bool v = false;
            read = r.get(v);
            value = v;
            break;
        }
        case 1: {
            std::int64_t v = 0;
            read = r.get(v);
            value = v;
            break;
        }
        case 2: {
            double v = 0;
            read = r.get(v);
            value = v;
            break;
        }
        case 3: {
            std::string v;
            read = r.get(v);
            value = std::move(v);
            break;
        }
        default: return std::nullopt;
        }
        if (!read) return std::nullopt;
        head.params.emplace(std::move(name), std::move(value));
    }
    if (!r.get(head.obstacleKey) || !r.get(hasObstacles)) return std::nullopt;
    if (hasObstacles) {
        ObstacleShapes shapes;
        if (!r.get(count) || !r.fits(count, sizeof(std::uint64_t))) return std::nullopt;
        shapes.polygons.resize(std::size_t(count));
        for (auto &polygon : shapes.polygons) {
            if (!r.get(count) || !r.fits(count, sizeof(core::Point2d))) return std::nullopt;
            polygon.resize(std::size_t(count));
            for (auto &p : polygon) r.get(p);
        }
        if (!r.get(count) || !r.fits(count, sizeof(core::CircleObstacle))) return std::nullopt;
        shapes.circles.resize(std::size_t(count));
        for (auto &c : shapes.circles) r.get(c);
        head.obstacles = std::move(shapes);
    }
    if (!r.atEnd()) return std::nullopt;
    return head;
}

std::string encode(const ReplyHead &head)
{
    Writer w;
    w.put(std::uint8_t(head.status));
    w.put(head.message);
    return std::move(w.bytes);
}

std::optional<ReplyHead> decodeReplyHead(const std::string &bytes)
{
    Reader r(bytes);
    ReplyHead head;
    std::uint8_t status = 0;
    if (!r.get(status) || status > std::uint8_t(ReplyStatus::BadRequest) || !r.get(head.message) || !r.atEnd())
        return std::nullopt;
    head.status = ReplyStatus(status);
    return head;
}

std::string encodeHello()
{
    Writer w;
    w.put(kProtocolVersion);
    return std::move(w.bytes);
}

std::optional<std::uint32_t> decodeHello(const std::string &bytes)
{
    Reader r(bytes);
    std::uint32_t version = 0;
    if (!r.get(version) || !r.atEnd()) return std::nullopt;
    return version;
}

} // namespace railforge::document::wire
