// Small markers drawn by the hundred (control points, waypoints, tilt dots) without Qt's general
// stroker: an outline wider than a pixel goes through it, an angle per corner and an arc per
// circle, and that was most of a frame on a big level. Squares are two fills on whole pixels;
// discs are painted once per look and stamped.
#pragma once

#include <QColor>
#include <QImage>
#include <QPainter>

namespace railforge::app {

// A square `side` pixels across inside a rim `rim` pixels wide, centred on `centre` at whole pixels.
void fillRimmedSquare(QPainter &painter, QPointF centre, int side, int rim, const QColor &outline, const QColor &fill);

// A disc of `radius` pixels filled with `fill` and outlined `outlineWidth` wide, anti-aliased, at the
// device's pixel ratio: painted the first time it is asked for, kept per thread (paint runs on a
// window's render thread) and per look.
const QImage &discStamp(double radius, const QColor &fill, const QColor &outline, double outlineWidth,
                        double pixelRatio);

// Draws a stamp with its middle at `centre`, on whole pixels.
void drawStamp(QPainter &painter, QPointF centre, const QImage &stamp);

} // namespace railforge::app
