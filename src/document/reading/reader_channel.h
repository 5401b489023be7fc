// The socket between RailForge and one railforge-reader process: framed messages, each of which may
// carry one file descriptor (SCM_RIGHTS). A frame is a 16-byte header {magic, kind, body bytes} and
// its body; the descriptor travels with the header's bytes. Both ends are built from the same
// sources, so native byte order is used; the magic catches anything else on the socket.
#pragma once

#include "document/reading/unique_fd.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace railforge::reading {

using Clock = std::chrono::steady_clock;
inline constexpr Clock::time_point kNoDeadline = Clock::time_point::max();
inline constexpr std::uint32_t kMagic = 0x31524652; // "RFR1"
// A body larger than this is a broken peer, not a big answer (bulk data travels in memory files).
inline constexpr std::uint64_t kMaxBodyBytes = std::uint64_t(64) << 20;

enum class Kind : std::uint32_t {
    ReadMesh = 1,  // RailForge -> reader: import a mesh file (no descriptor: it asks for each file)
    ReadImage = 2, // RailForge -> reader: an image file's header, then maybe its pixels (its descriptor)
    Ask = 3,       // reader -> RailForge: does a file exist, or open it for me
    Answer = 4,    // RailForge -> reader: yes or no (with the opened file's descriptor)
    Header = 5,    // reader -> RailForge: what an image file declares
    Proceed = 6,   // RailForge -> reader: decode it, or stop
    Result = 7,    // reader -> RailForge: the outcome (with a memory file holding the data)
};

struct Frame {
    Kind kind = Kind::Result;
    std::string body;
    UniqueFd fd; // the descriptor that came with it, if any
};

class Channel {
public:
    enum class Io {
        Ok,
        Closed,   // the peer went away
        TimedOut, // the deadline passed
        Stopped,  // `stop` said so
        Failed,   // a system error, or bytes that are not a frame
    };
    explicit Channel(int fd) : m_fd(fd) {}
    int fd() const { return m_fd; }

    // Sends a frame, with `fd` (-1: none) attached.
    Io send(Kind kind, const std::string &body, int fd, Clock::time_point deadline);
    // Receives a frame. `stop` (may be empty) is asked every few tens of milliseconds while waiting.
    Io receive(Frame &frame, Clock::time_point deadline, const std::function<bool()> &stop = {});

private:
    Io waitFor(short events, Clock::time_point deadline, const std::function<bool()> &stop);
    Io readExactly(char *data, std::size_t size, Clock::time_point deadline, const std::function<bool()> &stop,
                   UniqueFd *fd);
    int m_fd;
};

} // namespace railforge::reading
