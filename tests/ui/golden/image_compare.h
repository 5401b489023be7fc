// Pixel comparison of a rendered image with its golden baseline, as QA reads it: how many pixels
// moved by more than a channel tolerance, and a picture of where.
#pragma once

#include <QImage>

namespace railforge::golden {

struct Comparison {
    bool sameSize = false;
    qint64 totalPixels = 0;     // of the larger image when the sizes differ
    qint64 differingPixels = 0; // pixels with some channel off by more than the tolerance
    int largestDifference = 0;  // the largest channel difference over all pixels (0..255)
    double differingFraction() const { return totalPixels > 0 ? double(differingPixels) / double(totalPixels) : 0.0; }
};

// Compares R, G and B (alpha is ignored: windows are opaque). A pixel differs when one of its
// channels is off by more than `maxChannelDifference`. Images of different sizes differ in every
// pixel outside their common part.
Comparison compareImages(const QImage &actual, const QImage &baseline, int maxChannelDifference);

// The baseline in dim grey with every differing pixel in magenta (ff00ff), so a change jumps out;
// the size of the larger image, with what lies outside the common part marked as differing.
QImage differenceImage(const QImage &actual, const QImage &baseline, int maxChannelDifference);

} // namespace railforge::golden
