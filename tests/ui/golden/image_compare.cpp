#include "image_compare.h"

#include <algorithm>
#include <cstdlib>

namespace railforge::golden {

namespace {

int channelDifference(QRgb a, QRgb b)
{
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

// Both images as 32-bit RGB, so scanlines can be read as QRgb whatever format they came in.
QImage asRgb32(const QImage &image)
{
    return image.format() == QImage::Format_RGB32 ? image : image.convertToFormat(QImage::Format_RGB32);
}

} // namespace

Comparison compareImages(const QImage &actual, const QImage &baseline, int maxChannelDifference)
{
    const QImage a = asRgb32(actual), b = asRgb32(baseline);
    Comparison result;
    result.sameSize = a.size() == b.size();
    const int width = std::max(a.width(), b.width()), height = std::max(a.height(), b.height());
    result.totalPixels = qint64(width) * height;
    const int commonWidth = std::min(a.width(), b.width()), commonHeight = std::min(a.height(), b.height());
    for (int y = 0; y < commonHeight; ++y) {
        const auto *rowA = reinterpret_cast<const QRgb *>(a.constScanLine(y));
        const auto *rowB = reinterpret_cast<const QRgb *>(b.constScanLine(y));
        for (int x = 0; x < commonWidth; ++x) {
            const int d = channelDifference(rowA[x], rowB[x]);
            result.largestDifference = std::max(result.largestDifference, d);
            if (d > maxChannelDifference) ++result.differingPixels;
        }
    }
    const qint64 outside = result.totalPixels - qint64(commonWidth) * commonHeight;
    result.differingPixels += outside;
    if (outside > 0) result.largestDifference = 255;
    return result;
}

QImage differenceImage(const QImage &actual, const QImage &baseline, int maxChannelDifference)
{
    const QImage a = asRgb32(actual), b = asRgb32(baseline);
    const int width = std::max(a.width(), b.width()), height = std::max(a.height(), b.height());
    const QRgb changed = qRgb(0xff, 0x00, 0xff);
    QImage out(width, height, QImage::Format_RGB32);
    out.fill(changed);
    const int commonWidth = std::min(a.width(), b.width()), commonHeight = std::min(a.height(), b.height());
    for (int y = 0; y < commonHeight; ++y) {
        const auto *rowA = reinterpret_cast<const QRgb *>(a.constScanLine(y));
        const auto *rowB = reinterpret_cast<const QRgb *>(b.constScanLine(y));
        auto *rowOut = reinterpret_cast<QRgb *>(out.scanLine(y));
        for (int x = 0; x < commonWidth; ++x) {
            if (channelDifference(rowA[x], rowB[x]) > maxChannelDifference) continue; // stays magenta
            // Dim grey: enough of the baseline to see where things are, never mistaken for magenta.
            const int grey = 40 + qGray(rowB[x]) * 90 / 255;
            rowOut[x] = qRgb(grey, grey, grey);
        }
    }
    return out;
}

} // namespace railforge::golden
