// Drawing pieces the profile's lanes share: cosmetic pens, text placed by its middle, label rows on
// a dark strip, the s grid, value grids and the pixel-column polyline of a value along the rows.
#pragma once

#include "app/drawing/canvas_palette.h"
#include "app/profile/profile_painter.h"

#include <QColor>
#include <QPainter>
#include <QPainterPath>

#include <cmath>
#include <utility>
#include <vector>

namespace railforge::app {

namespace profile_paint {

// A cosmetic pen of `width` pixels, round caps and bevel joins.
QPen cosmetic(const QColor &colour, double width, Qt::PenStyle style = Qt::SolidLine);
// Text with its middle at at.y(), starting at, centred on or ending at at.x().
void text(QPainter &painter, QPointF at, const QString &s, const QColor &colour, Qt::Alignment align = Qt::AlignLeft);
// Labels in a row from `at`, each in its colour, on a dark strip so they read over the curves.
void labelRow(QPainter &painter, QPointF at, const std::vector<std::pair<QString, QColor>> &labels);
// Vertical grid lines along s in a lane, and the s labels under it when `labels`.
void paintSGrid(QPainter &painter, const ProfileLayout &l, const QRectF &lane, bool labels, const QString &units);
// A lane's background, border and title.
void paintLaneFrame(QPainter &painter, const QRectF &lane, const QString &title);
// A nice step of the value grid (plan/level_painter.h).
double gridStep(double pixelsPerUnit, double minPixels);

// Horizontal grid lines at nice values of a lane's own quantity, labelled on the left.
template <typename ToY>
void paintValueGrid(QPainter &painter, const QRectF &lane, double low, double high, double pixelsPerUnit,
                    const ToY &toY, const QString &suffix)
{
    const double step = gridStep(pixelsPerUnit, 22.0);
    for (double v = std::ceil(low / step) * step; v <= high + step * 1e-9; v += step) {
        const double y = toY(v);
        if (y < lane.top() - 0.5 || y > lane.bottom() + 0.5) continue;
        painter.setPen(cosmetic(std::abs(v) < step * 1e-9 ? palette::edge : palette::gridMajor, 1));
        painter.drawLine(QPointF(lane.left(), y), QPointF(lane.right(), y));
        text(painter, {lane.left() - 6, y}, profileNumber(std::abs(v) < step * 1e-9 ? 0.0 : v) + suffix, palette::label,
             Qt::AlignRight);
    }
}

// A polyline of (s, value(row index)) over a lane. A long rail has many rows to a pixel: each pixel
// column keeps only its lowest and highest point (in the order they come), the same picture with
// its spikes, a fraction of the points to stroke.
template <typename Value>
QPainterPath lanePath(const ProfileLayout &l, const ProfileData &data, const Value &value)
{
    QPainterPath path;
    bool started = false;
    auto add = [&](QPointF p) {
        if (!started)
            path.moveTo(p), started = true;
        else
            path.lineTo(p);
    };
    double column = std::nan("");
    QPointF low, high;
    std::size_t lowAt = 0, highAt = 0;
    auto flush = [&] {
        if (std::isnan(column)) return;
        if (lowAt <= highAt) {
            add(low);
            if (highAt != lowAt) add(high);
        } else {
            add(high);
            add(low);
        }
    };
    for (std::size_t i = 0; i < data.rows.size(); ++i) {
        const QPointF p(l.xOf(data.rows[i].s), value(i));
        const double c = std::floor(p.x());
        if (c != column) {
            flush();
            column = c, low = high = p, lowAt = highAt = i;
            continue;
        }
        if (p.y() > low.y()) low = p, lowAt = i; // screen y grows down: "low" on screen
        if (p.y() < high.y()) high = p, highAt = i;
    }
    flush();
    return path;
}

} // namespace profile_paint
} // namespace railforge::app
