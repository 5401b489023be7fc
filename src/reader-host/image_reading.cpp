#include "reader-host/image_reading.h"

#include "document/picture/picture_fit.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QImageReader>

#include <algorithm>
#include <cstdlib>
#include <sys/resource.h>

namespace railforge::readerhost {
namespace {

// Bytes per decoded pixel of a header's format; 8 (the deepest Qt decodes to) when it does not say.
std::int32_t decodedPixelBytes(QImage::Format format)
{
    const int bits = format == QImage::Format_Invalid ? 64 : QImage::toPixelFormat(format).bitsPerPixel();
    return std::max(1, (bits + 7) / 8);
}

reading::Result failed(reading::Result::Outcome outcome, std::string message)
{
    reading::Result out;
    out.outcome = outcome;
    out.message = std::move(message);
    return out;
}

} // namespace

void loadImagePlugins()
{
    // A reader asked whether it can read an empty buffer as each format loads that format's plugin.
    for (const QByteArray &format : QImageReader::supportedImageFormats()) {
        QBuffer empty;
        empty.open(QIODevice::ReadOnly);
        QImageReader(&empty, format).canRead();
    }
}

std::optional<reading::Result> readImage(reading::Channel &channel, const reading::ImageRequest &request,
                                         reading::UniqueFd file, ResultMemory &memory)
{
    using Outcome = reading::Result::Outcome;
    QFile device;
    if (!device.open(file.release(), QIODevice::ReadOnly, QFileDevice::AutoCloseHandle))
        return failed(Outcome::Unreadable, "it cannot be read");
    QImageReader reader(&device);
    reading::ImageHeader header;
    const QSize size = reader.size();
    header.ok = reader.canRead() && size.isValid();
    if (header.ok) {
        header.width = size.width();
        header.height = size.height();
        header.decodedBytesPerPixel = decodedPixelBytes(reader.imageFormat());
    } else {
        header.problem = "is not a PNG or JPEG image";
    }
    reading::Frame answer;
    if (channel.send(reading::Kind::Header, reading::encode(header), -1, reading::kNoDeadline) !=
            reading::Channel::Io::Ok ||
        channel.receive(answer, reading::kNoDeadline) != reading::Channel::Io::Ok ||
        answer.kind != reading::Kind::Proceed)
        std::_Exit(1);
    const auto proceed = reading::decodeProceed(answer.body);
    if (!proceed) std::_Exit(1);
    if (!proceed->go || !header.ok) return std::nullopt;
    if (proceed->memoryBytes > 0) {
        rlimit memoryLimit{};
        ::getrlimit(RLIMIT_AS, &memoryLimit);
        const rlim_t lower = std::min<rlim_t>(rlim_t(proceed->memoryBytes), memoryLimit.rlim_max);
        memoryLimit.rlim_cur = memoryLimit.rlim_max = lower;
        ::setrlimit(RLIMIT_AS, &memoryLimit);
    }

    // RailForge held the declared size to the level's image memory; the reader's own memory limit is
    // the wall for whatever a decoder takes beyond it, so Qt's own guess at a limit stays out.
    QImageReader::setAllocationLimit(0);
    QImage image = reader.read();
    if (image.isNull()) {
        const std::string why = reader.errorString().toStdString();
        const bool memoryOut = why.find("memory") != std::string::npos || why.find("too large") != std::string::npos;
        return failed(memoryOut ? Outcome::OutOfMemory : Outcome::Unreadable, "it cannot be decoded: " + why);
    }
    if (request.want == reading::ImageRequest::Want::Heights) {
        // 16-bit grey keeps its 65536 levels; anything else becomes 8-bit grey.
        const bool deep = image.format() == QImage::Format_Grayscale16 || image.depth() > 32;
        image = image.convertToFormat(deep ? QImage::Format_Grayscale16 : QImage::Format_Grayscale8);
    } else {
        image = picture::fitPicture(std::move(image), request.fitSide);
    }
    if (image.isNull()) return failed(Outcome::OutOfMemory, "its pixels did not fit in the reader's memory");
    if (!memory.create()) return failed(Outcome::OutOfMemory, "no memory file for the result");
    const std::int64_t rowBytes = image.bytesPerLine();
    for (int y = 0; y < image.height(); ++y)
        if (!memory.append(image.constScanLine(y), std::size_t(rowBytes)))
            return failed(Outcome::OutOfMemory, "the result did not fit in memory");
    if (!memory.seal()) return failed(Outcome::OutOfMemory, "the result could not be sealed");
    reading::Result out;
    out.width = image.width();
    out.height = image.height();
    out.format = std::int32_t(image.format());
    out.bytesPerLine = rowBytes;
    out.dataBytes = memory.size();
    return out;
}

} // namespace railforge::readerhost
