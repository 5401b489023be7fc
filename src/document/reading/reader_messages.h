// What RailForge and a railforge-reader process say to each other (the bodies of reader_channel.h's
// frames). One request a process: a mesh to import, or an image's header and then maybe its pixels.
// The reader opens no file itself: it asks for each one, and RailForge answers under the project's
// rules. What it decoded comes back in a memory file (memfd) whose size the result states, so that
// RailForge checks the counts against the level's limits before it takes a byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace railforge::reading {

// Import a mesh file (glTF, OBJ, FBX, anything assimp reads) and give back its triangles, every node
// placed as often as the scene uses it, in the file's own axes: 9 doubles a triangle.
struct MeshRequest {
    std::string path;              // as RailForge will resolve it when asked (canonical)
    std::int64_t maxTriangles = 0; // what the level may still take
    std::int64_t maxNodes = 0;     // nodes of the scene once every node is placed as often as it is used
};

// An image file, passed with the request: its header (Header), then, if RailForge says so, its pixels.
struct ImageRequest {
    enum class Want : std::uint8_t {
        Header = 0,  // the declared size only
        Heights = 1, // grey: 16 bits where the file has more than 8, else 8
        Picture = 2, // as decoded, scaled to fit `fitSide` when larger (0: as decoded)
    };
    Want want = Want::Header;
    std::int32_t fitSide = 0;
};

// The reader asks for a file, named as the decoder named it.
struct Ask {
    bool open = false; // false: does it exist (a regular file the rules allow)
    std::string path;
};

struct Answer {
    bool ok = false; // with the opened file's descriptor when asked to open
};

// What an image file declares, before any pixel is decoded.
struct ImageHeader {
    bool ok = false;
    std::string problem; // when not ok: "is not a PNG or JPEG image"
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::int32_t decodedBytesPerPixel = 0; // of the format it decodes to
};

struct Proceed {
    bool go = false;
    // The address space the decode may take from here on (0: as it is): set from what the header
    // declares, lower than the limit the reader started with, which had to allow any image.
    std::int64_t memoryBytes = 0;
};

struct Result {
    enum class Outcome : std::uint8_t {
        Ok = 0,
        Unreadable = 1,  // the decoder could not make sense of it: `message` says why
        OverLimit = 2,   // it holds more than the request allowed: `message` says what
        OutOfMemory = 3, // the decoder asked for more memory than the reader may use
    };
    Outcome outcome = Outcome::Ok;
    std::string message;
    // A mesh: its triangles and placed nodes.
    std::int64_t triangles = 0;
    std::int64_t nodes = 0;
    // An image: its pixels' size and layout (a QImage::Format).
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::int32_t format = 0;
    std::int64_t bytesPerLine = 0;
    // Bytes of the memory file sent with it.
    std::int64_t dataBytes = 0;
};

std::string encode(const MeshRequest &m);
std::string encode(const ImageRequest &m);
std::string encode(const Ask &m);
std::string encode(const Answer &m);
std::string encode(const ImageHeader &m);
std::string encode(const Proceed &m);
std::string encode(const Result &m);

// Each nothing when the bytes are not a whole message of its kind.
std::optional<MeshRequest> decodeMeshRequest(const std::string &bytes);
std::optional<ImageRequest> decodeImageRequest(const std::string &bytes);
std::optional<Ask> decodeAsk(const std::string &bytes);
std::optional<Answer> decodeAnswer(const std::string &bytes);
std::optional<ImageHeader> decodeImageHeader(const std::string &bytes);
std::optional<Proceed> decodeProceed(const std::string &bytes);
std::optional<Result> decodeResult(const std::string &bytes);

} // namespace railforge::reading
