#include "app/plan/ground_relief.h"

#include <QColor>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace railforge::app {
namespace {

// 1, 2 or 5 x 10^k near a tenth of `range`: about ten contour lines over the ground.
double contourStepFor(double range)
{
    if (!(range > 0.0)) return 0.0;
    const double raw = range / 10.0;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * power >= raw) return m * power;
    return 10.0 * power;
}

} // namespace

GroundRelief renderGroundRelief(const core::GroundSet &ground, int maxPixels, bool contours)
{
    GroundRelief out;
    const core::PlanBox box = ground.bounds();
    if (box.empty()) return out;
    const double w = box.x1 - box.x0, h = box.y1 - box.y0;
    if (!(w > 0.0) || !(h > 0.0)) return out;
    const double step = std::max(w, h) / maxPixels;
    const int columns = std::max(2, int(std::ceil(w / step))), rows = std::max(2, int(std::ceil(h / step)));
    // Heights at pixel centres, row 0 at the top (north).
    constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> z(std::size_t(columns) * std::size_t(rows), kNone);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const double x = box.x0 + (c + 0.5) * step, y = box.y1 - (r + 0.5) * step;
            if (const auto v = ground.highest(x, y)) {
                z[std::size_t(r) * std::size_t(columns) + std::size_t(c)] = *v;
                lo = std::min(lo, *v), hi = std::max(hi, *v);
            }
        }
    if (!(lo <= hi)) return out;
    out.contourStep = contours ? contourStepFor(hi - lo) : 0.0;
    out.world = QRectF(box.x0, box.y0, columns * step, rows * step);
    out.image = QImage(columns, rows, QImage::Format_ARGB32_Premultiplied);
    out.image.fill(Qt::transparent);
    auto at = [&](int c, int r) {
        c = std::clamp(c, 0, columns - 1), r = std::clamp(r, 0, rows - 1);
        return z[std::size_t(r) * std::size_t(columns) + std::size_t(c)];
    };
    // Light from the north-west, 45 degrees up.
    const double lx = -0.5, ly = 0.5, lz = std::sqrt(0.5);
    for (int r = 0; r < rows; ++r) {
        auto *line = reinterpret_cast<QRgb *>(out.image.scanLine(r));
        for (int c = 0; c < columns; ++c) {
            const double v = at(c, r);
            if (std::isnan(v)) continue;
            auto near = [&](int dc, int dr) {
                const double n = at(c + dc, r + dr);
                return std::isnan(n) ? v : n;
            };
            // Slope from neighbouring pixels (world y grows up, rows down).
            const double dzdx = (near(1, 0) - near(-1, 0)) / (2 * step);
            const double dzdy = (near(0, -1) - near(0, 1)) / (2 * step);
            const double norm = std::sqrt(dzdx * dzdx + dzdy * dzdy + 1);
            const double shade = std::clamp((-dzdx * lx - dzdy * ly + lz) / norm, 0.0, 1.0);
            const double t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
            // Soft grey-green, lighter with height, dimmed in shade; the rails stay the brightest.
            double red = 58 + 62 * t, green = 70 + 66 * t, blue = 58 + 44 * t;
            const double light = 0.45 + 0.8 * shade;
            red *= light, green *= light, blue *= light;
            // A contour where a neighbour lies in another band.
            if (out.contourStep > 0.0) {
                const double band = std::floor(v / out.contourStep);
                if (std::floor(near(1, 0) / out.contourStep) != band ||
                    std::floor(near(0, 1) / out.contourStep) != band)
                    red *= 0.6, green *= 0.6, blue *= 0.6;
            }
            const int alpha = 230;
            auto premultiplied = [&](double channel) { return std::clamp(int(channel * alpha / 255), 0, alpha); };
            line[c] = qRgba(premultiplied(red), premultiplied(green), premultiplied(blue), alpha);
        }
    }
    return out;
}

} // namespace railforge::app
