// The strategy host's wire protocol: framed binary messages over a local stream socket between the
// editor or CLI and the helper process that runs strategy plugins (railforge-strategy-host).
//
// A frame is a 16-byte header {magic, kind, body bytes} and a body. A body is a "head" (the small,
// structured part: ids, parameters, obstacles, messages, a point count) prefixed by its length,
// then the points as raw doubles. Points are never re-encoded: they are written from, and read
// into, the callers' vectors, so a million-point path costs two copies through the kernel and
// nothing else. Both ends are built from the same sources, so native byte order and layout are
// used; the magic and the protocol version in Hello catch a mismatched helper.
#pragma once

#include "core/obstacle_index.h"
#include "core/polygon.h"
#include "railforge/smoothing_strategy.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace railforge::document::wire {

inline constexpr std::uint32_t kMagic = 0x31484652; // "RFH1"
inline constexpr std::uint32_t kProtocolVersion = 1;
// Sanity bounds on what a peer may announce: a bigger frame is a broken peer, not a big request.
inline constexpr std::uint64_t kMaxHeadBytes = std::uint64_t(1) << 30;
inline constexpr std::uint64_t kMaxPoints = std::uint64_t(1) << 31;

enum class Kind : std::uint32_t {
    Hello = 1,  // helper -> host once at start: protocol version
    Smooth = 2, // host -> helper: run one strategy
    Reply = 3,  // helper -> host: the outcome of a Smooth
};

// No deadline (the helper waits for its next request indefinitely).
using Clock = std::chrono::steady_clock;
inline constexpr Clock::time_point kNoDeadline = Clock::time_point::max();

// Blocking reads and writes on a stream socket with a deadline. Never raises SIGPIPE.
class Channel {
public:
    enum class Io { Ok, Closed, TimedOut, Failed };
    explicit Channel(int fd) : m_fd(fd) {}
    // Writes all `size` bytes, or says why not.
    Io write(const void *data, std::size_t size, Clock::time_point deadline);
    // Reads exactly `size` bytes, or says why not (Closed: the peer went away).
    Io read(void *data, std::size_t size, Clock::time_point deadline);
    int fd() const { return m_fd; }

private:
    int m_fd;
};

// Obstacle outlines as the helper needs them to answer SmoothingContext::isClear.
struct ObstacleShapes {
    std::vector<std::vector<core::Point2d>> polygons;
    std::vector<core::CircleObstacle> circles;
};

// A content fingerprint of obstacle shapes, so a helper is sent them only when they changed.
std::uint64_t fingerprint(const ObstacleShapes &shapes);

// One message as read: its kind, its head and its points.
struct Message {
    Kind kind = Kind::Hello;
    std::string head;
    std::vector<Vec3> points;
};

// Sends a message; `points` go out as raw doubles straight from the caller's memory.
Channel::Io send(Channel &channel, Kind kind, const std::string &head, std::span<const Vec3> points,
                 Clock::time_point deadline);
// Receives a message; a bad magic or an absurd size is Failed.
Channel::Io receive(Channel &channel, Message &message, Clock::time_point deadline);

// A smooth request's head.
struct SmoothHead {
    std::string pluginPath;
    std::string strategyId;
    bool closed = false;
    std::map<std::string, ParameterValue> params;
    std::uint64_t obstacleKey = 0;
    std::optional<ObstacleShapes> obstacles; // absent when the helper already holds obstacleKey's shapes
};

// How a helper answers a request.
enum class ReplyStatus : std::uint8_t {
    Ok = 0,
    StrategyError = 1, // the strategy returned an error message
    LoadError = 2,     // the plugin could not be loaded or is not a strategy
    Threw = 3,         // an exception escaped the plugin (the helper then exits)
    OutOfMemory = 4,   // the plugin ran out of memory under the helper's limit (the helper then exits)
    TooManyPoints = 5, // the result was larger than the host accepts; not sent
    NeedObstacles = 6, // the helper does not hold the obstacles the request names
    BadRequest = 7,    // the request could not be decoded
};

// A reply's head (its points travel as the message's points).
struct ReplyHead {
    ReplyStatus status = ReplyStatus::Ok;
    std::string message;
};

std::string encode(const SmoothHead &head);
std::optional<SmoothHead> decodeSmoothHead(const std::string &bytes);
std::string encode(const ReplyHead &head);
std::optional<ReplyHead> decodeReplyHead(const std::string &bytes);
std::string encodeHello();
std::optional<std::uint32_t> decodeHello(const std::string &bytes);

} // namespace railforge::document::wire
