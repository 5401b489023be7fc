#include "document/ground/reference_reader.h"

#include "document/ground/mesh_file_gate.h"
#include "document/reading/reader_process.h"

#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <sys/stat.h>

namespace railforge::document {
namespace {

using reading::Channel;
using reading::Kind;
using reading::Result;

// What a reader maps before it reads a byte (its code, Qt's and assimp's libraries, its stacks), and
// room for a decoder's own tables: a started reader's VmPeak is about 80 MiB on Debian 12.
constexpr std::int64_t kReaderBaseBytes = std::int64_t(192) << 20;
// Room per allowed triangle for assimp's own structures (faces, vertices, normals, the file's parsed
// arrays): cli.bounded_inputs' 160 MB OBJ of 5.8 million triangles reads within it.
constexpr std::int64_t kImporterBytesPerTriangle = 200;
// The longest decoder message passed on to the designer.
constexpr std::size_t kMaxMessage = 300;

int cpuSeconds(const ReadBudget &budget)
{
    const auto ms = budget.timeLimit().count();
    return ms <= 0 ? 0 : int((ms + 999) / 1000);
}

std::string named(const Reference &reference) { return "'" + reference.file + "'"; }

// A decoder's words, as they may be shown: one line, printable, not too long (the reader is not
// trusted, and a file may put anything in an error message).
std::string shown(const std::string &text)
{
    std::string out;
    for (char c : text.substr(0, kMaxMessage)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    return text.size() > kMaxMessage ? out + "…" : out;
}

std::atomic<std::int64_t> g_decodes{0}; // decodesStarted()

// A started reader and what the refusals name about it.
struct Session {
    const Reference &reference;
    const ReadBudget &budget;
    const char *memoryOption; // the option whose limit sizes the reader's memory
    std::int64_t memoryBytes;
    std::unique_ptr<reading::ReaderProcess> process;

    bool start(ReferenceProblem *problem)
    {
        std::string error;
        process = reading::ReaderProcess::start(reading::readerExecutable(), {memoryBytes, cpuSeconds(budget)}, &error);
        if (!process) *problem = {named(reference) + ": " + error, true};
        return bool(process);
    }

    Channel::Io receive(reading::Frame &frame)
    {
        return process->channel().receive(frame, reading::kNoDeadline, [this] { return budget.exhausted(); });
    }
    Channel::Io send(Kind kind, const std::string &body, int fd = -1)
    {
        // The reader reads what it is sent at once; one that does not is stuck or hostile.
        return process->channel().send(kind, body, fd, reading::Clock::now() + std::chrono::seconds(10));
    }

    // The reader ended, or was stopped, without a result: why, as a refusal.
    ReferenceProblem ended(Channel::Io io)
    {
        process->kill(); // a reader that closed its socket but runs on is ended too
        const reading::ChildEnd end = process->reap();
        const std::string file = named(reference);
        if (io == Channel::Io::Stopped) return {file + ": " + budget.reason(), true};
        if (end.signalled && end.code == SIGXCPU)
            return {file + ": reading it took more than " + std::to_string(cpuSeconds(budget)) +
                        " s of processor time " + raisedBy("--read-timeout"),
                    true};
        if ((!end.signalled && end.code == reading::kExitOutOfMemory) || (end.signalled && end.code == SIGXFSZ))
            return outOfMemory();
        if (end.signalled)
            return {file + ": its reader " + end.describe() +
                        " reading it (the file is broken, or made to break the decoder)",
                    true};
        return {file + ": its reader gave no answer (" + end.describe() + ")", true};
    }

    ReferenceProblem outOfMemory() const
    {
        return {named(reference) + ": reading it needed more than the " + formatBytes(memoryBytes) +
                    " of memory its reader may use " + raisedBy(memoryOption),
                true};
    }

    ReferenceProblem badAnswer()
    {
        process->kill();
        process->reap();
        return {named(reference) + ": its reader's answer makes no sense (the file made the decoder misbehave)", true};
    }
};

// Whether `fd` is a sealed memory file (no write, no growing, no shrinking) of exactly `bytes`.
bool sealedOfSize(const reading::UniqueFd &fd, std::int64_t bytes)
{
    struct stat info {};
    if (!fd.valid() || ::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_size != bytes) return false;
    const int seals = ::fcntl(fd.get(), F_GET_SEALS);
    const int needed = F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK;
    return seals >= 0 && (seals & needed) == needed;
}

bool readAll(int fd, char *out, std::int64_t size, std::int64_t offset)
{
    std::int64_t done = 0;
    while (done < size) {
        const ssize_t n = ::pread(fd, out + done, std::size_t(size - done), off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += n;
    }
    return true;
}

} // namespace

std::int64_t decodesStarted() { return g_decodes.load(std::memory_order_relaxed); }

std::int64_t meshReaderMemory(const FileRules &rules, std::int64_t fileBytes)
{
    return kReaderBaseBytes + 2 * fileBytes + kImporterBytesPerTriangle * rules.maxTriangles;
}

std::int64_t imageReaderMemory(const FileRules &rules) { return imageDecodeMemory(rules, rules.maxImageBytes); }

std::int64_t imageDecodeMemory(const FileRules &, std::int64_t decodedBytes)
{
    // The pixels, a converted or scaled copy, and a decoder's own buffers (a progressive JPEG keeps all
    // its coefficients, 1.5 times the pixels).
    return kReaderBaseBytes + 3 * decodedBytes;
}

std::optional<std::vector<core::GroundTriangle>> readMeshInReader(const Reference &reference, const ProjectFiles &files,
                                                                  const ReadBudget &budget, const QString &path,
                                                                  ReferenceProblem *problem)
{
    const FileRules &rules = files.rules();
    Session session{reference, budget, "--max-triangles", meshReaderMemory(rules, QFileInfo(path).size()), {}};
    if (!session.start(problem)) return std::nullopt;
    g_decodes.fetch_add(1, std::memory_order_relaxed);
    MeshFileGate gate(files, path);
    reading::MeshRequest request{QFile::encodeName(path).toStdString(), rules.maxTriangles, rules.maxMeshNodes};
    if (const auto io = session.send(Kind::ReadMesh, reading::encode(request)); io != Channel::Io::Ok) {
        *problem = session.ended(io);
        return std::nullopt;
    }
    reading::Frame frame;
    for (;;) {
        if (const auto io = session.receive(frame); io != Channel::Io::Ok) {
            *problem = session.ended(io);
            return std::nullopt;
        }
        if (frame.kind != Kind::Ask) break;
        const auto ask = reading::decodeAsk(frame.body);
        if (!ask) {
            *problem = session.badAnswer();
            return std::nullopt;
        }
        OpenedFile opened;
        const bool ok = ask->open ? (opened = gate.open(ask->path)).isOpen() : gate.exists(ask->path);
        // A refused file ends the reference, even where the importer would go on without it.
        if (!gate.refusal().empty()) {
            session.process->kill();
            session.process->reap();
            *problem = {named(reference) + ": " + gate.refusal(), true};
            return std::nullopt;
        }
        if (const auto io = session.send(Kind::Answer, reading::encode(reading::Answer{ok}), opened.descriptor());
            io != Channel::Io::Ok) {
            *problem = session.ended(io);
            return std::nullopt;
        }
    }
    const auto result = frame.kind == Kind::Result ? reading::decodeResult(frame.body) : std::nullopt;
    if (!result) {
        *problem = session.badAnswer();
        return std::nullopt;
    }
    switch (result->outcome) {
    case Result::Outcome::OutOfMemory: *problem = session.outOfMemory(); return std::nullopt;
    case Result::Outcome::Unreadable:
        *problem = {named(reference) + " cannot be read as a mesh: " + shown(result->message), false};
        return std::nullopt;
    case Result::Outcome::OverLimit:
        *problem = result->nodes > rules.maxMeshNodes
                       ? ReferenceProblem{named(reference) + ": its scene has more than " +
                                              std::to_string(rules.maxMeshNodes) +
                                              " nodes once every node is placed as often as it is used " +
                                              raisedBy("--max-mesh-nodes"),
                                          true}
                       : ReferenceProblem{
                             named(reference) + ": it holds more than " + std::to_string(rules.maxTriangles) +
                                 " triangles once its nodes are placed, over the limit " + raisedBy("--max-triangles"),
                             true};
        return std::nullopt;
    case Result::Outcome::Ok: break;
    }
    constexpr std::int64_t kTriangleBytes = 9 * sizeof(double);
    if (result->triangles < 0 || result->triangles > rules.maxTriangles ||
        result->dataBytes != result->triangles * kTriangleBytes || !sealedOfSize(frame.fd, result->dataBytes)) {
        *problem = session.badAnswer();
        return std::nullopt;
    }
    std::int64_t total = 0;
    if (!budget.charge("triangles", reference.id, result->triangles, rules.maxTriangles, &total)) {
        *problem = {named(reference) + ": it holds " + std::to_string(result->triangles) +
                        " triangles once its nodes are placed; the level's meshes would have " + std::to_string(total) +
                        ", over the limit of " + std::to_string(rules.maxTriangles) + " " + raisedBy("--max-triangles"),
                    true};
        return std::nullopt;
    }
    std::vector<core::GroundTriangle> triangles;
    triangles.reserve(std::size_t(result->triangles));
    constexpr std::int64_t kBatch = 4096;
    std::vector<double> batch(std::size_t(9 * kBatch));
    for (std::int64_t first = 0; first < result->triangles; first += kBatch) {
        const std::int64_t count = std::min(kBatch, result->triangles - first);
        if (!readAll(frame.fd.get(), reinterpret_cast<char *>(batch.data()), count * kTriangleBytes,
                     first * kTriangleBytes)) {
            *problem = session.badAnswer();
            return std::nullopt;
        }
        for (std::int64_t t = 0; t < count; ++t) {
            const double *p = batch.data() + 9 * t;
            const auto at = [&](int k) { return placeMeshPoint(reference, {p[3 * k], p[3 * k + 1], p[3 * k + 2]}); };
            triangles.push_back({at(0), at(1), at(2)});
        }
    }
    session.process->reap();
    return triangles;
}

std::optional<QImage>
readImageInReader(const Reference &reference, const ProjectFiles &files, const ReadBudget &budget, OpenedFile file,
                  reading::ImageRequest request,
                  const std::function<std::optional<ReferenceProblem>(const ImageHeaderInfo &)> &check,
                  ImageHeaderInfo *header, ReferenceProblem *problem)
{
    const FileRules &rules = files.rules();
    Session session{reference, budget, "--max-image-memory", imageReaderMemory(rules), {}};
    if (!session.start(problem)) return std::nullopt;
    if (const auto io = session.send(Kind::ReadImage, reading::encode(request), file.descriptor());
        io != Channel::Io::Ok) {
        *problem = session.ended(io);
        return std::nullopt;
    }
    file = OpenedFile(); // the reader has its own copy of the descriptor
    reading::Frame frame;
    if (const auto io = session.receive(frame); io != Channel::Io::Ok) {
        *problem = session.ended(io);
        return std::nullopt;
    }
    const auto declared = frame.kind == Kind::Header ? reading::decodeImageHeader(frame.body) : std::nullopt;
    if (!declared) {
        *problem = session.badAnswer();
        return std::nullopt;
    }
    const auto stop = [&](ReferenceProblem why) {
        session.send(Kind::Proceed, reading::encode(reading::Proceed{false, 0}));
        session.process->kill();
        session.process->reap();
        *problem = std::move(why);
        return std::nullopt;
    };
    if (!declared->ok || declared->width <= 0 || declared->height <= 0 || declared->decodedBytesPerPixel <= 0 ||
        declared->decodedBytesPerPixel > 16)
        return stop({named(reference) + " is not a PNG or JPEG image", false});
    *header = {declared->width, declared->height, declared->decodedBytesPerPixel};
    if (auto refused = check(*header)) return stop(std::move(*refused));
    if (request.want == reading::ImageRequest::Want::Header) {
        session.send(Kind::Proceed, reading::encode(reading::Proceed{false, 0}));
        session.process->reap();
        return QImage();
    }
    const std::int64_t decodeMemory = imageDecodeMemory(rules, header->decodedBytes());
    session.memoryBytes = std::min(session.memoryBytes, decodeMemory);
    g_decodes.fetch_add(1, std::memory_order_relaxed);
    if (const auto io = session.send(Kind::Proceed, reading::encode(reading::Proceed{true, session.memoryBytes}));
        io != Channel::Io::Ok) {
        *problem = session.ended(io);
        return std::nullopt;
    }
    if (const auto io = session.receive(frame); io != Channel::Io::Ok) {
        *problem = session.ended(io);
        return std::nullopt;
    }
    const auto result = frame.kind == Kind::Result ? reading::decodeResult(frame.body) : std::nullopt;
    if (!result) {
        *problem = session.badAnswer();
        return std::nullopt;
    }
    if (result->outcome == Result::Outcome::OutOfMemory) {
        *problem = session.outOfMemory();
        return std::nullopt;
    }
    if (result->outcome != Result::Outcome::Ok) {
        *problem = {named(reference) + " " + shown(result->message), false};
        return std::nullopt;
    }
    // Never larger than declared (a picture fitted to a side is smaller), in a format Qt knows, laid
    // out as Qt lays it out: then the rows can be read straight into a QImage of that size.
    const auto format = QImage::Format(result->format);
    const bool heights = request.want == reading::ImageRequest::Want::Heights;
    const bool expected = heights ? format == QImage::Format_Grayscale8 || format == QImage::Format_Grayscale16
                                  : format > QImage::Format_Invalid && format < QImage::NImageFormats &&
                                        format != QImage::Format_Mono && format != QImage::Format_MonoLSB &&
                                        format != QImage::Format_Indexed8; // no palette travels
    const bool sized =
        result->width >= 1 && result->height >= 1 && result->width <= header->width && result->height <= header->height;
    if (!expected || !sized) {
        *problem = session.badAnswer();
        return std::nullopt;
    }
    QImage image(result->width, result->height, format);
    if (image.isNull() || image.bytesPerLine() != result->bytesPerLine ||
        result->dataBytes != std::int64_t(image.sizeInBytes()) || !sealedOfSize(frame.fd, result->dataBytes) ||
        !readAll(frame.fd.get(), reinterpret_cast<char *>(image.bits()), result->dataBytes, 0)) {
        *problem = session.badAnswer();
        return std::nullopt;
    }
    session.process->reap();
    return image;
}

} // namespace railforge::document
