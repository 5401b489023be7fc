#include "app/plan/junction_marks.h"

#include "app/drawing/canvas_palette.h"
#include "app/plan/overlay_painter.h"
#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {

constexpr double kRing = 7.0;      // px, the ring's radius
constexpr double kTick = 20.0;     // px, a way's tick from the centre
constexpr double kPickRadius = 10; // px
constexpr double kLabelGap = 5.0;  // px between the ring and its label

// A direction seen from above (unit; zero when vertical).
QPointF planDirection(core::Vec3 direction)
{
    const double n = std::hypot(direction.x, direction.y);
    if (n < 1e-9) return {};
    return {direction.x / n, direction.y / n};
}

} // namespace

std::vector<JunctionMark> junctionMarks(const document::Level &level, const RailShapes &rails)
{
    std::vector<JunctionMark> out;
    auto tableOf = [&](const std::string &id) -> const core::ArcLengthTable * {
        const int i = document::findRail(level, id);
        return i < 0 || std::size_t(i) >= rails.size() ? nullptr : &rails.table(std::size_t(i));
    };
    for (const document::Junction &j : level.junctions) {
        const auto shape = document::junctionShape(j, tableOf);
        if (!shape) continue;
        JunctionMark mark;
        mark.id = j.id;
        mark.world = {shape->place.x, shape->place.y};
        for (const core::Vec3 &way : shape->ways) mark.ways.push_back(planDirection(way));
        mark.defaultWay = shape->defaultWay;
        mark.arrival = planDirection(shape->arrival); // the trunk behind the ring (ahead of it for a start)
        out.push_back(std::move(mark));
    }
    return out;
}

QRectF junctionLabelBox(const JunctionMark &mark, QPointF centre, QSizeF size)
{
    // The rails leaving the ring, on screen (y down).
    std::vector<QPointF> busy;
    for (const QPointF &w : mark.ways) busy.emplace_back(w.x(), -w.y());
    if (!mark.arrival.isNull()) busy.emplace_back(mark.arrival.x(), -mark.arrival.y());
    // Of eight directions around the ring, the one farthest from every rail; ties keep the first,
    // below right, where a label reads most naturally.
    const double kPi = std::acos(-1.0);
    QPointF best(std::sqrt(0.5), std::sqrt(0.5));
    double bestClearance = -1;
    for (int k = 0; k < 8; ++k) {
        const double angle = kPi / 4 * (k + 1); // k = 0: below right (screen y down)
        const QPointF d(std::cos(angle - kPi / 2), std::sin(angle - kPi / 2));
        double clearance = kPi;
        for (const QPointF &b : busy)
            if (!b.isNull())
                clearance = std::min(clearance, std::acos(std::clamp(d.x() * b.x() + d.y() * b.y(), -1.0, 1.0)));
        if (clearance > bestClearance + 1e-9) best = d, bestClearance = clearance;
    }
    // The box grows away from the ring along that direction.
    const QPointF anchor = centre + best * (kRing + kLabelGap);
    QRectF box(QPointF(), size);
    const double w = size.width(), h = size.height();
    const double x = best.x() > 0.3 ? anchor.x() : best.x() < -0.3 ? anchor.x() - w : anchor.x() - w / 2;
    const double y = best.y() > 0.3 ? anchor.y() : best.y() < -0.3 ? anchor.y() - h : anchor.y() - h / 2;
    box.moveTopLeft({x, y});
    return box;
}

std::vector<QRectF> paintJunctions(QPainter &painter, const ViewTransform &view, const std::vector<JunctionMark> &marks,
                                   const std::set<std::string> &selected)
{
    std::vector<QRectF> covered;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF metrics(painter.font());
    for (const JunctionMark &m : marks) {
        const QPointF c = view.toScreen(m.world);
        // Screen y grows down: a world direction (x, y) is (x, -y) on screen.
        for (std::size_t i = 0; i < m.ways.size(); ++i) {
            const QPointF d(m.ways[i].x(), -m.ways[i].y());
            const bool chosen = i == m.defaultWay;
            QPen pen(chosen ? palette::junction : palette::junctionDim, chosen ? 3.0 : 1.5);
            pen.setCapStyle(Qt::RoundCap);
            painter.setPen(pen);
            painter.drawLine(c + d * kRing, c + d * (chosen ? kTick + 6 : kTick));
        }
        const bool isSelected = selected.count(m.id) != 0;
        painter.setPen(QPen(isSelected ? palette::selection : palette::junction, isSelected ? 2.5 : 1.8));
        painter.setBrush(palette::darkOutline);
        painter.drawEllipse(c, kRing, kRing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette::junction);
        painter.drawEllipse(c, 2.5, 2.5);
        const QString text = QString::fromStdString(m.id);
        const QRectF label = junctionLabelBox(m, c, QSizeF(metrics.horizontalAdvance(text) + 2, metrics.height()));
        paintHaloText(painter, label, text, palette::junction);
        covered.push_back(QRectF(c - QPointF(kRing, kRing), QSizeF(2 * kRing, 2 * kRing)));
        covered.push_back(label);
    }
    painter.restore();
    return covered;
}

std::optional<std::string> junctionAt(const std::vector<JunctionMark> &marks, const ViewTransform &view, QPointF at)
{
    std::optional<std::string> best;
    double bestDistance = kPickRadius;
    for (const JunctionMark &m : marks) {
        const double d = QLineF(view.toScreen(m.world), at).length();
        if (d <= bestDistance) best = m.id, bestDistance = d;
    }
    return best;
}

} // namespace railforge::app
