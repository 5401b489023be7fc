#include "app/profile/profile_painter.h"

#include "app/drawing/canvas_palette.h"
#include "app/drawing/marker_stamps.h"
#include "app/plan/level_painter.h"
#include "app/profile/channel_lane_painter.h"
#include "app/profile/profile_paint_helpers.h"
#include "document/text/number_format.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace railforge::app {
namespace {

using namespace profile_paint;

const QColor kPanel{0x19, 0x1b, 0x1f};
const QColor kGentle{0x66, 0xcc, 0x77};
const QColor kModerate{0xf5, 0xb0, 0x41};
const QColor kSteep{0xff, 0x5c, 0x5c};
const QColor kVerticalG{0x4f, 0xc3, 0xf7};
const QColor kLateralG{0xf4, 0x8f, 0xb1};
const QColor kLimit{0xff, 0x5c, 0x5c, 0xc0};
const QColor kOverLimit{0xff, 0x5c, 0x5c, 0x38};
const QColor kStall{0xff, 0x4a, 0x4a};
const QColor kUnreached{0x80, 0x80, 0x80, 0x40};
const QColor kCursor{0xff, 0xff, 0xff, 0xb0};
const QColor kEarth{0x6b, 0x5a, 0x45, 0x90};
const QColor kEarthLine{0xb0, 0x95, 0x70};

// The stretches over the ride limits, shaded across a lane. Stretches closer than a pixel are one
// fill: a rough ride has hundreds of them, and a translucent fill apiece cost a millisecond a lane.
void fillOverLimit(QPainter &painter, const ProfileLayout &l, const QRectF &lane,
                   const std::vector<std::pair<double, double>> &stretches)
{
    std::size_t i = 0;
    while (i < stretches.size()) {
        const double x0 = l.xOf(stretches[i].first);
        double x1 = l.xOf(stretches[i].second);
        for (++i; i < stretches.size() && l.xOf(stretches[i].first) < x1 + 1.0; ++i)
            x1 = std::max(x1, l.xOf(stretches[i].second));
        painter.fillRect(QRectF(QPointF(x0, lane.top()), QPointF(x1, lane.bottom())), kOverLimit);
    }
}

void paintHeights(QPainter &painter, const ProfileLayout &l, const ProfileData &data, const ProfileFrame &frame)
{
    const QRectF lane = l.heights;
    painter.save();
    painter.setClipRect(lane.adjusted(-l.kLeft, 0, 0, 0));
    painter.fillRect(lane, palette::background);
    paintSGrid(painter, l, lane, data.rail ? false : true, frame.units);
    paintValueGrid(
        painter, lane, l.zOfY(lane.bottom()), l.zOfY(lane.top()), l.zScale, [&](double z) { return l.yOfZ(z); }, "");
    painter.setClipRect(lane);
    fillOverLimit(painter, l, lane, frame.overLimit);
    // The level's ground under the rail, where it has one: an earth-coloured section with its line.
    if (!data.ground.empty()) {
        QPainterPath earth, line;
        bool open = false;
        for (std::size_t i = 0; i < data.rows.size(); ++i) {
            const double g = data.ground[i];
            const double x = l.xOf(data.rows[i].s);
            if (std::isnan(g)) {
                if (open) earth.lineTo(earth.currentPosition().x(), lane.bottom()), earth.closeSubpath();
                open = false;
                continue;
            }
            const QPointF p(x, l.yOfZ(g));
            if (!open) {
                earth.moveTo(x, lane.bottom());
                earth.lineTo(p);
                line.moveTo(p);
                open = true;
            } else {
                earth.lineTo(p);
                line.lineTo(p);
            }
        }
        if (open) earth.lineTo(earth.currentPosition().x(), lane.bottom()), earth.closeSubpath();
        painter.fillPath(earth, kEarth);
        painter.strokePath(line, cosmetic(kEarthLine, 1));
    }
    // Under the curve, faint, so the shape reads at a glance (when there is no ground to show).
    QPainterPath fill = lanePath(l, data, [&](std::size_t i) { return l.yOfZ(data.rows[i].position.z); });
    if (!data.rows.empty() && data.ground.empty()) {
        fill.lineTo(l.xOf(data.rows.back().s), lane.bottom());
        fill.lineTo(l.xOf(data.rows.front().s), lane.bottom());
        fill.closeSubpath();
        painter.fillPath(fill, QColor(0x4f, 0xc3, 0xf7, 0x1c));
    }
    // The curve in runs of one pitch colour.
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (std::size_t i = 1; i < data.rows.size();) {
        const QColor colour = pitchColour(data.rows[i - 1].pitch, frame.bands);
        QPainterPath run;
        double lastX = l.xOf(data.rows[i - 1].s);
        run.moveTo(lastX, l.yOfZ(data.rows[i - 1].position.z));
        while (i < data.rows.size() && pitchColour(data.rows[i - 1].pitch, frame.bands) == colour) {
            // Half a pixel apart at least (a smooth curve: nothing is lost), and the run's last row.
            const double x = l.xOf(data.rows[i].s);
            const bool last = i + 1 == data.rows.size() || pitchColour(data.rows[i].pitch, frame.bands) != colour;
            if (x - lastX >= 0.5 || last) {
                run.lineTo(x, l.yOfZ(data.rows[i].position.z));
                lastX = x;
            }
            ++i;
        }
        // Two 1 px lines a pixel apart look like a 2 px line: 1 px cosmetic pens take Qt's fast line
        // drawer, wider ones its general stroker (several times slower on a curve of thousands of points).
        painter.strokePath(run, cosmetic(colour, 1));
        painter.strokePath(run.translated(0, 1), cosmetic(colour, 1));
    }
    // Handles first (with their lines to the point), then points and stops over them.
    for (std::size_t m = 0; m < data.markers.size(); ++m) {
        const ProfileMarker &k = data.markers[m];
        if (k.kind != ProfileMarker::Kind::HandleIn && k.kind != ProfileMarker::Kind::HandleOut) continue;
        if (int(k.point) != frame.activePoint) continue; // only the active point's handles, as on the plan
        const auto owner = std::find_if(data.markers.begin(), data.markers.end(), [&](const ProfileMarker &p) {
            return p.kind == ProfileMarker::Kind::Point && p.point == k.point;
        });
        const QPointF at(l.xOf(k.s), l.yOfZ(k.z));
        if (owner != data.markers.end()) {
            painter.setPen(cosmetic(palette::handleLine, 1));
            painter.drawLine(at, QPointF(l.xOf(owner->s), l.yOfZ(owner->z)));
        }
        painter.setPen(cosmetic(palette::darkOutline, 1));
        painter.setBrush(int(m) == frame.hotMarker ? palette::hover : palette::handle);
        painter.drawEllipse(at, palette::handleRadius, palette::handleRadius);
    }
    for (std::size_t m = 0; m < data.markers.size(); ++m) {
        const ProfileMarker &k = data.markers[m];
        const QPointF at(l.xOf(k.s), l.yOfZ(k.z));
        if (k.kind == ProfileMarker::Kind::Point) {
            // A hundred of them on every frame of a drag: fills, not a stroked rectangle.
            const bool active = int(k.point) == frame.activePoint;
            fillRimmedSquare(painter, at, int(palette::controlPointSize) + (active ? 2 : 0), active ? 2 : 1,
                             active ? palette::selection : palette::darkOutline,
                             int(m) == frame.hotMarker ? palette::hover : palette::railControl);
        } else if (k.kind == ProfileMarker::Kind::Stop) {
            painter.setPen(cosmetic(palette::waypointOutline, 1.5));
            painter.setBrush(int(m) == frame.hotMarker ? palette::hover : palette::waypoint);
            painter.drawEllipse(at, palette::waypointRadius, palette::waypointRadius);
            text(painter, at + QPointF(0, -12), QString::fromStdString(k.waypoint), palette::label, Qt::AlignHCenter);
        }
    }
    painter.setBrush(Qt::NoBrush);
    painter.restore();
    painter.setPen(cosmetic(palette::readoutBorder, 1));
    painter.drawRect(lane);
    if (data.ground.empty())
        labelRow(painter, {lane.left() + 6, lane.top() + 9}, {{QObject::tr("height"), palette::label}});
    else
        labelRow(painter, {lane.left() + 6, lane.top() + 9},
                 {{QObject::tr("height"), palette::label}, {QObject::tr("ground"), kEarthLine}});
    if (data.rail || !data.rows.empty()) {
        // The pitch bands, top right.
        const QString gentle = profileNumber(frame.bands.gentle, 1), steep = profileNumber(frame.bands.steep, 1);
        const std::vector<std::pair<QString, QColor>> bands = {{QObject::tr("pitch"), palette::label},
                                                               {QObject::tr("< %1°").arg(gentle), kGentle},
                                                               {QObject::tr("to %1°").arg(steep), kModerate},
                                                               {QObject::tr("> %1°").arg(steep), kSteep}};
        const QFontMetricsF metrics(painter.font());
        double width = 0;
        for (const auto &b : bands) width += metrics.horizontalAdvance(b.first) + 10;
        labelRow(painter, {lane.right() - width, lane.top() + 9}, bands);
    }
}

void paintTilt(QPainter &painter, const ProfileLayout &l, const ProfileData &data, const ProfileFrame &frame)
{
    const QRectF lane = l.tilt;
    paintLaneFrame(painter, lane, QString());
    painter.save();
    painter.setClipRect(lane.adjusted(-l.kLeft, -4, 0, 4));
    paintSGrid(painter, l, lane, false, frame.units);
    paintValueGrid(
        painter, lane, -l.tiltRange, l.tiltRange, lane.height() / 2 / l.tiltRange,
        [&](double t) { return l.yOfTilt(t); }, QStringLiteral("°"));
    painter.setClipRect(lane);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.strokePath(lanePath(l, data, [&](std::size_t i) { return l.yOfTilt(data.rows[i].bank); }),
                       cosmetic(palette::label, 1, Qt::DashLine));
    painter.strokePath(lanePath(l, data, [&](std::size_t i) { return l.yOfTilt(data.rows[i].tilt); }),
                       cosmetic(palette::banking, 1));
    for (std::size_t m = 0; m < data.markers.size(); ++m) {
        const ProfileMarker &k = data.markers[m];
        if (k.kind != ProfileMarker::Kind::Point) continue;
        const QPointF at(l.xOf(k.s), l.yOfTilt(k.tilt));
        drawStamp(painter, at,
                  discStamp(4.5,
                            int(m) + int(data.markers.size()) == frame.hotMarker ? palette::hover : palette::banking,
                            int(k.point) == frame.activePoint ? palette::selection : palette::darkOutline, 1.5,
                            painter.device()->devicePixelRatioF()));
    }
    painter.setBrush(Qt::NoBrush);
    painter.restore();
    labelRow(painter, {lane.left() + 6, lane.top() + 9},
             {{QObject::tr("tilt"), palette::banking}, {QObject::tr("- - bank"), palette::label}});
}

void paintForces(QPainter &painter, const ProfileLayout &l, const ProfileData &data, const ProfileViewState &state,
                 const ProfileFrame &frame)
{
    const QRectF lane = l.forces;
    paintLaneFrame(painter, lane, QString());
    painter.save();
    painter.setClipRect(lane.adjusted(-l.kLeft, -4, 0, 20));
    paintSGrid(painter, l, lane, l.channels.empty(), frame.units);
    paintValueGrid(
        painter, lane, l.gLow, l.gHigh, lane.height() / (l.gHigh - l.gLow), [&](double g) { return l.yOfG(g); },
        QStringLiteral("g"));
    painter.setClipRect(lane);
    fillOverLimit(painter, l, lane, frame.overLimit);
    for (double g : {state.limits.lateral, -state.limits.lateral, state.limits.verticalMin, state.limits.verticalMax}) {
        if (g < l.gLow || g > l.gHigh) continue;
        painter.setPen(cosmetic(kLimit, 1, Qt::DashLine));
        painter.drawLine(QPointF(lane.left(), l.yOfG(g)), QPointF(lane.right(), l.yOfG(g)));
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    const std::vector<core::RiderForces> &forces = state.forces;
    if (forces.size() != data.rows.size()) return painter.restore();
    painter.strokePath(lanePath(l, data, [&](std::size_t i) { return l.yOfG(forces[i].vertical); }),
                       cosmetic(kVerticalG, 1));
    painter.strokePath(lanePath(l, data, [&](std::size_t i) { return l.yOfG(forces[i].lateral); }),
                       cosmetic(kLateralG, 1));
    painter.restore();
    labelRow(painter, {lane.left() + 6, lane.top() + 9},
             {{QObject::tr("vertical g"), kVerticalG},
              {QObject::tr("lateral g"), kLateralG},
              {state.ride ? QObject::tr("simulated from %1 m/s")
                                .arg(profileNumber(state.ride->states.empty() ? 0.0 : state.ride->states.front().v, 1))
               : speedLane(data) ? QObject::tr("at its speed channel")
                                 : QObject::tr("at %1 m/s").arg(profileNumber(state.speed, 1)),
               palette::label},
              {QObject::tr("- - limits"), kLimit}});
}

// Where a simulated ride stalls: a red line down the lanes, the stretch it never reaches greyed.
void paintStall(QPainter &painter, const ProfileLayout &l, const ProfileViewState &state)
{
    if (!state.ride || !state.ride->stalled) return;
    const double x = l.xOf(state.ride->stallS);
    const double right = l.heights.right();
    if (x > right) return;
    painter.save();
    const QRectF unreached(QPointF(std::max(x, l.heights.left()), l.heights.top()), QPointF(right, l.forces.bottom()));
    painter.fillRect(unreached, kUnreached);
    if (x >= l.heights.left()) {
        painter.setPen(cosmetic(kStall, 2));
        painter.drawLine(QPointF(x, l.heights.top()), QPointF(x, l.forces.bottom()));
        text(painter, {x + 4, l.heights.top() + 12}, QObject::tr("stalls"), kStall);
    }
    painter.restore();
}

void paintCursor(QPainter &painter, const ProfileLayout &l, const ProfileData &data, double s, const QString &units)
{
    const double x = l.xOf(s);
    if (x < l.heights.left() || x > l.heights.right()) return;
    const double bottom = l.bottom();
    painter.setPen(cosmetic(kCursor, 1));
    painter.drawLine(QPointF(x, l.heights.top()), QPointF(x, bottom));
    // The row nearest the cursor, for its readout.
    const auto it = std::lower_bound(data.rows.begin(), data.rows.end(), s,
                                     [](const core::ProfileRow &r, double v) { return r.s < v; });
    if (it == data.rows.end()) return;
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(cosmetic(palette::darkOutline, 1));
    painter.setBrush(palette::marker);
    painter.drawEllipse(QPointF(x, l.yOfZ(it->position.z)), 4, 4);
    painter.setBrush(Qt::NoBrush);
    QString readout = QObject::tr("s %1  z %2 %3  pitch %4°")
                          .arg(profileNumber(s), profileNumber(it->position.z), units, profileNumber(it->pitch, 1));
    // Over ground: how high above it the rail runs there.
    if (const std::size_t row = std::size_t(it - data.rows.begin());
        row < data.ground.size() && !std::isnan(data.ground[row]))
        readout += QObject::tr("  clearance %1").arg(profileNumber(it->position.z - data.ground[row]));
    // Under a deck: how much room a rider has there.
    if (const std::size_t row = std::size_t(it - data.rows.begin());
        row < data.overhead.size() && !std::isnan(data.overhead[row]))
        readout += QObject::tr("  headroom %1").arg(profileNumber(data.overhead[row] - it->position.z));
    const QFontMetricsF m(painter.font());
    const double w = m.horizontalAdvance(readout) + 10;
    const double left = std::clamp(x + 8, l.heights.left(), l.heights.right() - w);
    const QRectF box(left, l.heights.top() + 20, w, m.height() + 4);
    painter.fillRect(box, palette::readoutBackground);
    painter.setPen(cosmetic(palette::readoutBorder, 1));
    painter.drawRect(box);
    text(painter, {box.left() + 5, box.center().y()}, readout, palette::marker);
}

} // namespace

QColor pitchColour(double pitchDegrees, const PitchBands &bands)
{
    const double a = std::abs(pitchDegrees);
    if (a < bands.gentle) return kGentle;
    if (a <= bands.steep) return kModerate;
    return kSteep;
}

QString profileNumber(double value, int decimals)
{
    return QString::fromStdString(document::formatRounded(value, decimals));
}

void paintProfile(QPainter &painter, QSizeF size, const ProfileLayout &layout, const ProfileData &data,
                  const ProfileViewState &state, const ProfileFrame &frame)
{
    painter.fillRect(QRectF(QPointF(0, 0), size), kPanel);
    QFont font = painter.font();
    font.setPixelSize(11);
    painter.setFont(font);
    // What is read off the curve: its length, highest, lowest, steepest.
    const QString u = frame.units;
    const QString facts = QObject::tr("length %1 %2   high %3 %2 (s %4)   low %5 %2 (s %6)   steepest %7° (s %8)")
                              .arg(profileNumber(data.length), u, profileNumber(data.zMax), profileNumber(data.sAtMax),
                                   profileNumber(data.zMin), profileNumber(data.sAtMin),
                                   profileNumber(data.steepestPitch, 1), profileNumber(data.sAtSteepest));
    const QFontMetricsF metrics(painter.font());
    text(painter, {layout.heights.left(), 12}, metrics.elidedText(facts, Qt::ElideRight, layout.heights.width()),
         palette::label);
    paintHeights(painter, layout, data, frame);
    if (data.rail) {
        paintTilt(painter, layout, data, frame);
        paintForces(painter, layout, data, state, frame);
        paintChannelLanes(painter, layout, data, frame.lanes, u);
        paintStall(painter, layout, state);
    }
    if (frame.cursorS) paintCursor(painter, layout, data, *frame.cursorS, u);
}

void paintProfilePlaceholder(QPainter &painter, QSizeF size, const QString &message)
{
    painter.fillRect(QRectF(QPointF(0, 0), size), kPanel);
    QFont font = painter.font();
    font.setPixelSize(12);
    painter.setFont(font);
    text(painter, {size.width() / 2, size.height() / 2}, message, palette::label, Qt::AlignHCenter);
}

} // namespace railforge::app
