#include "app/plan/overlay_painter.h"

#include "app/drawing/canvas_palette.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTransform>
#include <QVariant>

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {
constexpr double kReadoutPadding = 4.0;
} // namespace

QRectF readoutRect(const QFont &font, QPointF anchor, const QString &text)
{
    const QFontMetricsF metrics(font);
    return QRectF(
        anchor, QSizeF(metrics.horizontalAdvance(text) + 2 * kReadoutPadding, metrics.height() + 2 * kReadoutPadding));
}

QRectF paintReadout(QPainter &painter, QPointF anchor, const QString &text, const QColor &color)
{
    const QRectF box = readoutRect(painter.font(), anchor, text);
    painter.setPen(QPen(palette::readoutBorder, 1.0));
    painter.setBrush(palette::readoutBackground);
    painter.drawRoundedRect(box, 3, 3);
    painter.setPen(color);
    painter.drawText(box, Qt::AlignCenter, text);
    return box;
}

void paintHaloText(QPainter &painter, const QRectF &box, const QString &text, const QColor &color)
{
    painter.setPen(palette::labelShadow);
    for (const QPointF d : {QPointF(1, 1), QPointF(-1, 1), QPointF(1, -1), QPointF(-1, -1)})
        painter.drawText(box.translated(d), Qt::AlignCenter, text);
    painter.setPen(color);
    painter.drawText(box, Qt::AlignCenter, text);
}

QRectF paintProbe(QPainter &painter, const ViewTransform &view, const ProbeSession &probe, const RailShapes *rails,
                  int decimals)
{
    if (const auto marker = probe.marker()) {
        const QPointF m = view.toScreen(*marker);
        painter.setPen(QPen(palette::darkOutline, 2));
        painter.setBrush(palette::marker);
        const QPointF diamond[4] = {m + QPointF(0, -9), m + QPointF(8, 0), m + QPointF(0, 9), m + QPointF(-8, 0)};
        painter.drawPolygon(diamond, 4);
    }
    const auto &hit = probe.hit();
    if (!hit || !probe.from()) return {};
    const bool inRange = probe.inRange();
    const QPointF from = view.toScreen(*probe.from());
    const QPointF to = view.toScreen({hit->point.x, hit->point.y});
    const QColor color = inRange ? palette::probeInRange : palette::probeOutOfRange;
    if (inRange && rails && std::size_t(hit->rail) < rails->paths.size()) {
        // The rail glows while the probe is within range.
        const QPointF origin = view.toScreen({0, 0});
        painter.save();
        painter.setTransform(QTransform(view.scale, 0, 0, -view.scale, origin.x(), origin.y()), true);
        QPen glow(palette::probeGlow, 10, Qt::SolidLine, Qt::RoundCap);
        glow.setCosmetic(true);
        painter.setPen(glow);
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(rails->paths[std::size_t(hit->rail)]);
        painter.restore();
    }
    painter.setPen(QPen(color, 1.5, Qt::DashLine));
    painter.drawLine(from, to);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawEllipse(to, 4.5, 4.5);
    return paintReadout(painter, to + QPointF(9, 6), probe.readout(decimals), color);
}

QString agentReadout(const core::CurveSample &sample, double speed, const QString &units)
{
    const double pitch = std::asin(std::clamp(sample.tangent.z, -1.0, 1.0)) * 180.0 / M_PI;
    return QStringLiteral("z %1 %2  pitch %3°  %4 %2/s")
        .arg(QString::number(sample.position.z, 'f', 2), units, QString::number(pitch, 'f', 1),
             QString::number(speed, 'g', 4));
}

void paintAgent(QPainter &painter, const ViewTransform &view, const core::CurveSample &sample, const QString &readout)
{
    const QPointF p = view.toScreen({sample.position.x, sample.position.y});
    QPointF d(sample.tangent.x, -sample.tangent.y);
    const double len = std::hypot(d.x(), d.y());
    d = len > 0 ? d / len : QPointF(1, 0);
    const QPointF n(-d.y(), d.x());
    const QPointF shape[3] = {p + d * 11, p - d * 7 + n * 7, p - d * 7 - n * 7};
    painter.setPen(QPen(palette::darkOutline, 2));
    painter.setBrush(palette::agent);
    painter.drawPolygon(shape, 3);
    painter.setBrush(Qt::NoBrush);
    if (!readout.isEmpty()) paintReadout(painter, p + QPointF(14, 10), readout, palette::agent);
}

void paintWarningMark(QPainter &painter, QPointF at, bool error)
{
    const QColor fill = error ? palette::error : palette::warning;
    const double r = 11;
    const QPointF tip = at + QPointF(0, -2 * r);
    const QPolygonF triangle{{tip, at + QPointF(-r, -0.25 * r), at + QPointF(r, -0.25 * r)}};
    painter.setPen(QPen(palette::darkOutline, 1.5));
    painter.setBrush(fill);
    painter.drawPolygon(triangle);
    painter.setPen(palette::darkOutline);
    painter.drawText(QRectF(at.x() - r, at.y() - 1.9 * r, 2 * r, 1.6 * r), Qt::AlignCenter, QStringLiteral("!"));
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(fill, 2));
    painter.drawEllipse(at, 4, 4);
}

void paintConflictShapes(QPainter &painter, const ViewTransform &view, const QVariantList &shapes)
{
    for (const QVariant &item : shapes) {
        const QVariantMap shape = item.toMap();
        const bool ours = shape.value("side").toString() == QLatin1String("ours");
        QPen pen(ours ? palette::conflictOurs : palette::conflictTheirs, 3);
        if (!ours) pen.setStyle(Qt::DashLine);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        QPolygonF line;
        for (const QVariant &p : shape.value("points").toList()) line << view.toScreen(p.toPointF());
        if (line.size() == 1)
            painter.drawEllipse(line.front(), ours ? 9 : 13, ours ? 9 : 13);
        else if (shape.value("closed").toBool())
            painter.drawPolygon(line);
        else
            painter.drawPolyline(line);
    }
}

} // namespace railforge::app
