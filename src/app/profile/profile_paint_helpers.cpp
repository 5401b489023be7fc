#include "app/profile/profile_paint_helpers.h"

#include "app/drawing/canvas_palette.h"
#include "app/drawing/nice_length.h"
#include "app/plan/level_painter.h"

namespace railforge::app::profile_paint {

QPen cosmetic(const QColor &colour, double width, Qt::PenStyle style)
{
    // Bevel joins: round ones cost an arc (atan2) at each of a long polyline's thousands of joins.
    QPen pen(colour, width, style, Qt::RoundCap, Qt::BevelJoin);
    pen.setCosmetic(true);
    return pen;
}

void text(QPainter &painter, QPointF at, const QString &s, const QColor &colour, Qt::Alignment align)
{
    const QFontMetricsF m(painter.font());
    double x = at.x();
    if (align & Qt::AlignRight)
        x -= m.horizontalAdvance(s);
    else if (align & Qt::AlignHCenter)
        x -= m.horizontalAdvance(s) / 2;
    painter.setPen(colour);
    painter.drawText(QPointF(x, at.y() + m.ascent() / 2 - 1), s);
}

void labelRow(QPainter &painter, QPointF at, const std::vector<std::pair<QString, QColor>> &labels)
{
    const QFontMetricsF m(painter.font());
    double width = 0;
    for (const auto &l : labels) width += m.horizontalAdvance(l.first) + 10;
    painter.fillRect(QRectF(at.x() - 4, at.y() - m.height() / 2, width, m.height()), palette::readoutBackground);
    double x = at.x();
    for (const auto &[label, colour] : labels) {
        text(painter, {x, at.y()}, label, colour);
        x += m.horizontalAdvance(label) + 10;
    }
}

void paintSGrid(QPainter &painter, const ProfileLayout &l, const QRectF &lane, bool labels, const QString &units)
{
    const double step = niceLength(70.0 / l.sScale);
    const double first = std::ceil(l.sOf(lane.left()) / step) * step;
    painter.setPen(cosmetic(palette::gridMajor, 1));
    for (double s = first; l.xOf(s) <= lane.right() + 0.5; s += step) {
        const double x = l.xOf(s);
        painter.setPen(cosmetic(palette::gridMajor, 1));
        painter.drawLine(QPointF(x, lane.top()), QPointF(x, lane.bottom()));
        if (labels)
            text(painter, {x, lane.bottom() + 10}, profileNumber(s) + (s == first ? " " + units : ""), palette::label,
                 Qt::AlignHCenter);
    }
}

void paintLaneFrame(QPainter &painter, const QRectF &lane, const QString &title)
{
    painter.fillRect(lane, palette::background);
    painter.setPen(cosmetic(palette::readoutBorder, 1));
    painter.drawRect(lane);
    text(painter, {lane.left() + 6, lane.top() + 9}, title, palette::label);
}

double gridStep(double pixelsPerUnit, double minPixels) { return niceLength(minPixels / pixelsPerUnit); }

} // namespace railforge::app::profile_paint
