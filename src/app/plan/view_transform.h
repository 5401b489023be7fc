// World <-> screen mapping of the canvas: world y points up, screen y points down.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <algorithm>
#include <cmath>

namespace railforge::app {

// A pan/zoom camera: `center` (world) sits at the middle of a viewport of `viewport` pixels.
struct ViewTransform {
    QPointF center;      // world point shown at the viewport's middle
    double scale = 20.0; // pixels per world unit
    QSizeF viewport{800, 600};

    QPointF toScreen(QPointF world) const
    {
        return {viewport.width() / 2 + (world.x() - center.x()) * scale,
                viewport.height() / 2 - (world.y() - center.y()) * scale};
    }
    QPointF toWorld(QPointF screen) const
    {
        return {center.x() + (screen.x() - viewport.width() / 2) / scale,
                center.y() - (screen.y() - viewport.height() / 2) / scale};
    }
    // The world rectangle currently visible.
    QRectF visibleWorld() const
    {
        const QPointF a = toWorld({0, 0});
        const QPointF b = toWorld({viewport.width(), viewport.height()});
        return QRectF(QPointF(a.x(), b.y()), QPointF(b.x(), a.y()));
    }
    // Zooms by `factor` keeping the world point under `screen` fixed.
    void zoomAt(QPointF screen, double factor, double minScale, double maxScale);
    // Centers and scales so `world` fills the viewport with `marginPixels` to spare.
    void fit(const QRectF &world, double marginPixels, double minScale, double maxScale);
};

// Digits after the decimal point that a number measured on screen deserves at `scale` pixels per
// unit: enough to tell one pixel from the next, no more (a click is not 40.25454545454545 m).
inline int displayDecimals(double scale) { return std::clamp(int(std::ceil(std::log10(std::max(scale, 1e-9)))), 0, 6); }

} // namespace railforge::app
