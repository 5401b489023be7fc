#include "app/plan/plan_marks.h"

#include <cmath>

namespace railforge::app {

// A haloed one-line label with its baseline starting at `at`.
void drawLabel(QPainter &painter, QPointF at, const QString &text, const QColor &color)
{
    withHalo(painter, color, [&](QPointF d) { painter.drawText(at + d, text); });
}

// A filled triangle pointing along `direction` with its tip at `tip`.
void drawArrowHead(QPainter &painter, QPointF tip, QPointF direction, const QColor &color)
{
    const double len = std::hypot(direction.x(), direction.y());
    if (len < 1e-9) return;
    const QPointF d = direction / len;
    const QPointF n(-d.y(), d.x());
    const double s = palette::arrowSize;
    const QPointF points[3] = {tip, tip - d * s + n * (s * 0.45), tip - d * s - n * (s * 0.45)};
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(points, 3);
}

// The colour a designer gave an object with a `colour` (or `color`) property, if any: "#RRGGBB" or
// "#RRGGBBAA" (alpha last, as the file format writes it).
std::optional<QColor> designerColor(const document::Properties &properties)
{
    for (const auto &p : properties) {
        if (!document::isLookProperty(p)) continue;
        const auto *c = std::get_if<document::Color>(&p.value);
        if (!c || c->hex.size() < 7) continue;
        QColor color(QString::fromStdString(c->hex.substr(0, 7)));
        if (c->hex.size() == 9) color.setAlpha(QString::fromStdString(c->hex.substr(7, 2)).toInt(nullptr, 16));
        if (color.isValid()) return color;
    }
    return std::nullopt;
}

// World-to-item transform, for paths kept in world coordinates (drawn with cosmetic pens).
QTransform worldToScreen(const ViewTransform &view)
{
    const QPointF origin = view.toScreen({0, 0});
    return QTransform(view.scale, 0, 0, -view.scale, origin.x(), origin.y());
}

} // namespace railforge::app
