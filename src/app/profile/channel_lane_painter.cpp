#include "app/profile/channel_lane_painter.h"

#include "app/profile/profile_paint_helpers.h"

#include <QFontMetricsF>

namespace railforge::app {
namespace {

using namespace profile_paint;

const QColor kNumber{0x9c, 0xcc, 0x65};
const QColor kText{0x80, 0xcb, 0xc4};

QColor qColour(const std::array<double, 4> &c)
{
    return QColor::fromRgbF(float(c[0]), float(c[1]), float(c[2]), float(c[3]));
}

// The colour strip: each row's colour from its s to the next row's.
void paintColours(QPainter &painter, const ProfileLayout &l, const ProfileData &data, const ChannelLane &lane,
                  const QRectF &rect)
{
    const QRectF band = rect.adjusted(0, 4, 0, -4);
    for (std::size_t i = 0; i + 1 < lane.values.size() && i + 1 < data.rows.size(); ++i) {
        const double x0 = l.xOf(data.rows[i].s), x1 = l.xOf(data.rows[i + 1].s);
        if (x1 < rect.left() || x0 > rect.right()) continue;
        painter.fillRect(QRectF(QPointF(x0, band.top()), QPointF(x1 + 0.6, band.bottom())),
                         qColour(lane.values[i].colour));
    }
}

// Bools: a band over the stretches where the value is true.
void paintTrue(QPainter &painter, const ProfileLayout &l, const ProfileData &data, const ChannelLane &lane,
               const QRectF &rect)
{
    QColor fill = kNumber;
    fill.setAlpha(0x50);
    for (std::size_t i = 0; i + 1 < lane.values.size() && i + 1 < data.rows.size(); ++i)
        if (lane.values[i].number != 0.0)
            painter.fillRect(QRectF(QPointF(l.xOf(data.rows[i].s), l.yOfValue(rect, lane, 1.0)),
                                    QPointF(l.xOf(data.rows[i + 1].s) + 0.6, l.yOfValue(rect, lane, 0.0))),
                             fill);
}

// Strings and events: the value written after each key.
void paintKeyLabels(QPainter &painter, const ProfileLayout &l, const ChannelLane &lane, const QRectF &rect)
{
    const QFontMetricsF m(painter.font());
    for (std::size_t i = 0; i < lane.keys.size(); ++i) {
        const double x = l.xOf(lane.keys[i].s) + 7;
        const double next = i + 1 < lane.keys.size() ? l.xOf(lane.keys[i + 1].s) - 8 : rect.right() - 2;
        if (next - x < 12) continue;
        const QString value = QString::fromStdString(lane.keys[i].value.text);
        text(painter, {x, rect.center().y()}, m.elidedText(value, Qt::ElideRight, next - x), laneColour(lane));
    }
}

void paintKeys(QPainter &painter, const ProfileLayout &l, const ChannelLane &lane, const QRectF &rect,
               const LaneHighlight &highlight)
{
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (const LaneKey &k : lane.keys) {
        const QPointF at(l.xOf(k.s), l.yOfValue(rect, lane, k.value.number));
        if (at.x() < rect.left() - 5 || at.x() > rect.right() + 5) continue;
        const bool active = highlight.activeChannel == lane.name && highlight.activeKey == int(k.index);
        const bool hot = highlight.hotChannel == lane.name && highlight.hotKey == int(k.index);
        // Keys on a control point have a light rim: they follow that point.
        painter.setPen(cosmetic(active    ? palette::selection
                                : k.point ? palette::railControl
                                          : palette::darkOutline,
                                active ? 2.0 : 1.2));
        QColor fill = lane.form() == core::ChannelForm::Colour ? qColour(k.value.colour) : laneColour(lane);
        if (hot) fill = palette::hover;
        painter.setBrush(fill);
        if (lane.form() == core::ChannelForm::Text) {
            QPolygonF diamond;
            diamond << at + QPointF(0, -5) << at + QPointF(5, 0) << at + QPointF(0, 5) << at + QPointF(-5, 0);
            painter.drawPolygon(diamond);
        } else if (lane.form() == core::ChannelForm::Colour) {
            painter.drawRect(QRectF(at - QPointF(4.5, 4.5), QSizeF(9, 9)));
        } else {
            painter.drawEllipse(at, 4.5, 4.5);
        }
    }
    painter.setBrush(Qt::NoBrush);
}

void paintLane(QPainter &painter, const ProfileLayout &l, const ProfileData &data, const ChannelLane &lane,
               const QRectF &rect, bool sLabels, const LaneHighlight &highlight, const QString &units)
{
    paintLaneFrame(painter, rect, QString());
    painter.save();
    painter.setClipRect(rect.adjusted(0, -1, 0, sLabels ? 20 : 1));
    paintSGrid(painter, l, rect, sLabels, units);
    painter.setClipRect(rect.adjusted(-6, -6, 6, 6));
    switch (lane.form()) {
    case core::ChannelForm::Real:
    case core::ChannelForm::Integer:
        if (lane.values.size() == data.rows.size()) {
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.strokePath(
                lanePath(l, data, [&](std::size_t i) { return l.yOfValue(rect, lane, lane.values[i].number); }),
                cosmetic(kNumber, 1.2));
        }
        break;
    case core::ChannelForm::Truth: paintTrue(painter, l, data, lane, rect); break;
    case core::ChannelForm::Colour: paintColours(painter, l, data, lane, rect); break;
    case core::ChannelForm::Text: paintKeyLabels(painter, l, lane, rect); break;
    }
    paintKeys(painter, l, lane, rect, highlight);
    painter.restore();
    // The name in the margin, with the range of a number lane on its right.
    const QFontMetricsF m(painter.font());
    const QString name = m.elidedText(QString::fromStdString(lane.name), Qt::ElideRight, l.kLeft - 10);
    text(painter, {rect.left() - 6, rect.center().y()}, name, laneColour(lane), Qt::AlignRight);
    if (lane.number() && rect.height() >= 18) {
        const QString range = profileNumber(lane.low, 1) + QStringLiteral("–") + profileNumber(lane.high, 1);
        text(painter, {rect.right() - 4, rect.top() + 7}, range, palette::label, Qt::AlignRight);
    }
}

} // namespace

QColor laneColour(const ChannelLane &lane)
{
    if (lane.events()) return palette::event;
    switch (lane.form()) {
    case core::ChannelForm::Text: return kText;
    case core::ChannelForm::Colour: return palette::label;
    case core::ChannelForm::Real:
    case core::ChannelForm::Integer:
    case core::ChannelForm::Truth: return kNumber;
    }
    return kNumber;
}

void paintChannelLanes(QPainter &painter, const ProfileLayout &layout, const ProfileData &data,
                       const LaneHighlight &highlight, const QString &units)
{
    for (std::size_t i = 0; i < data.channels.size() && i < layout.channels.size(); ++i)
        paintLane(painter, layout, data, data.channels[i], layout.channels[i], i + 1 == data.channels.size(), highlight,
                  units);
}

} // namespace railforge::app
