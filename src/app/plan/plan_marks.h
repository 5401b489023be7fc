// Small things every layer of the plan draws at a constant pixel size whatever the zoom: haloed
// labels, arrowheads, a designer's colour for an object, and the transform for world-space paths.
#pragma once

#include "app/drawing/canvas_palette.h"
#include "app/plan/view_transform.h"
#include "core/vec3.h"
#include "document/model/property.h"

#include <QColor>
#include <QPainter>
#include <QPointF>
#include <QString>
#include <QTransform>

#include <optional>

namespace railforge::app {

// A level point seen from above: its x and y.
inline QPointF planOf(const core::Vec3 &p) { return {p.x, p.y}; }

// Draws text (draw(offset)) with a dark halo so it reads on any background.
template <typename Draw>
void withHalo(QPainter &painter, const QColor &color, Draw draw)
{
    painter.setPen(palette::labelShadow);
    for (const QPointF d : {QPointF(1, 1), QPointF(-1, 1), QPointF(1, -1), QPointF(-1, -1)}) draw(d);
    painter.setPen(color);
    draw(QPointF());
}

// A haloed one-line label with its baseline starting at `at`.
void drawLabel(QPainter &painter, QPointF at, const QString &text, const QColor &color);
// A filled triangle pointing along `direction` with its tip at `tip`.
void drawArrowHead(QPainter &painter, QPointF tip, QPointF direction, const QColor &color);
// The colour a designer gave an object with a `colour` (or `color`) property, if any.
std::optional<QColor> designerColor(const document::Properties &properties);
// World-to-item transform, for paths kept in world coordinates (drawn with cosmetic pens).
QTransform worldToScreen(const ViewTransform &view);

} // namespace railforge::app
