#include "document/reading/reader_messages.h"

#include <cstring>
#include <type_traits>

namespace railforge::reading {
namespace {

// Fields one after the other in native layout (both ends are one build); strings prefixed by length.
class Out {
public:
    template <typename T>
    Out &operator<<(T value)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes.append(reinterpret_cast<const char *>(&value), sizeof value);
        return *this;
    }
    Out &operator<<(bool value) { return *this << std::uint8_t(value ? 1 : 0); }
    Out &operator<<(const std::string &text)
    {
        *this << std::uint64_t(text.size());
        bytes += text;
        return *this;
    }
    std::string bytes;
};

class In {
public:
    explicit In(const std::string &bytes) : m_bytes(bytes) {}
    template <typename T>
    In &operator>>(T &value)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        if (!m_ok || m_bytes.size() - m_at < sizeof value) {
            m_ok = false;
            return *this;
        }
        std::memcpy(&value, m_bytes.data() + m_at, sizeof value);
        m_at += sizeof value;
        return *this;
    }
    // A byte that is not 0 or 1 is not a bool this build wrote (the reader is not trusted).
    In &operator>>(bool &value)
    {
        std::uint8_t byte = 0;
        *this >> byte;
        if (byte > 1) m_ok = false;
        value = byte == 1;
        return *this;
    }
    In &operator>>(std::string &text)
    {
        std::uint64_t size = 0;
        *this >> size;
        if (!m_ok || m_bytes.size() - m_at < size) {
            m_ok = false;
            return *this;
        }
        text.assign(m_bytes, m_at, std::size_t(size));
        m_at += std::size_t(size);
        return *this;
    }
    // Everything read, and nothing left over.
    bool whole() const { return m_ok && m_at == m_bytes.size(); }

private:
    const std::string &m_bytes;
    std::size_t m_at = 0;
    bool m_ok = true;
};

template <typename T>
std::optional<T> whole(const In &in, T value)
{
    return in.whole() ? std::optional<T>(std::move(value)) : std::nullopt;
}

} // namespace

std::string encode(const MeshRequest &m) { return (Out() << m.path << m.maxTriangles << m.maxNodes).bytes; }
std::string encode(const ImageRequest &m) { return (Out() << m.want << m.fitSide).bytes; }
std::string encode(const Ask &m) { return (Out() << m.open << m.path).bytes; }
std::string encode(const Answer &m) { return (Out() << m.ok).bytes; }
std::string encode(const ImageHeader &m)
{
    return (Out() << m.ok << m.problem << m.width << m.height << m.decodedBytesPerPixel).bytes;
}
std::string encode(const Proceed &m) { return (Out() << m.go << m.memoryBytes).bytes; }
std::string encode(const Result &m)
{
    return (Out() << m.outcome << m.message << m.triangles << m.nodes << m.width << m.height << m.format
                  << m.bytesPerLine << m.dataBytes)
        .bytes;
}

std::optional<MeshRequest> decodeMeshRequest(const std::string &bytes)
{
    MeshRequest m;
    In in(bytes);
    in >> m.path >> m.maxTriangles >> m.maxNodes;
    return whole(in, std::move(m));
}

std::optional<ImageRequest> decodeImageRequest(const std::string &bytes)
{
    ImageRequest m;
    In in(bytes);
    in >> m.want >> m.fitSide;
    if (std::uint8_t(m.want) > std::uint8_t(ImageRequest::Want::Picture)) return std::nullopt;
    return whole(in, m);
}

std::optional<Ask> decodeAsk(const std::string &bytes)
{
    Ask m;
    In in(bytes);
    in >> m.open >> m.path;
    return whole(in, std::move(m));
}

std::optional<Answer> decodeAnswer(const std::string &bytes)
{
    Answer m;
    In in(bytes);
    in >> m.ok;
    return whole(in, m);
}

std::optional<ImageHeader> decodeImageHeader(const std::string &bytes)
{
    ImageHeader m;
    In in(bytes);
    in >> m.ok >> m.problem >> m.width >> m.height >> m.decodedBytesPerPixel;
    return whole(in, std::move(m));
}

std::optional<Proceed> decodeProceed(const std::string &bytes)
{
    Proceed m;
    In in(bytes);
    in >> m.go >> m.memoryBytes;
    return whole(in, m);
}

std::optional<Result> decodeResult(const std::string &bytes)
{
    Result m;
    In in(bytes);
    in >> m.outcome >> m.message >> m.triangles >> m.nodes >> m.width >> m.height >> m.format >> m.bytesPerLine >>
        m.dataBytes;
    if (std::uint8_t(m.outcome) > std::uint8_t(Result::Outcome::OutOfMemory)) return std::nullopt;
    return whole(in, std::move(m));
}

} // namespace railforge::reading
