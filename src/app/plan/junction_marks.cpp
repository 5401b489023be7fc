#include "app/plan/junction_marks.h"

#include "app/plan/canvas_palette.h"
#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"

#include <QPainter>

#include <cmath>

namespace railforge::app {
namespace {

constexpr double kRing = 7.0;      // px, the ring's radius
constexpr double kTick = 20.0;     // px, a way's tick from the centre
constexpr double kPickRadius = 10; // px

// The direction a rider leaves along `way`, seen from above (unit; zero when vertical).
QPointF planDirection(const core::ArcLengthTable &table, double s, bool forward)
{
    const core::Vec3 t = core::sampleAt(table, s).tangent;
    const double n = std::hypot(t.x, t.y);
    if (n < 1e-9) return {};
    const double sign = forward ? 1.0 : -1.0;
    return {sign * t.x / n, sign * t.y / n};
}

} // namespace

std::vector<JunctionMark> junctionMarks(const document::Level &level, const RailShapes &rails)
{
    std::vector<JunctionMark> out;
    auto tableOf = [&](const std::string &id) -> const core::ArcLengthTable * {
        const int i = document::findRail(level, id);
        return i < 0 || std::size_t(i) >= rails.tables.size() ? nullptr : &rails.tables[std::size_t(i)];
    };
    for (const document::Junction &j : level.junctions) {
        const core::ArcLengthTable *trunk = tableOf(j.rail);
        if (!trunk) continue;
        JunctionMark mark;
        mark.id = j.id;
        const core::Vec3 p = core::sampleAt(*trunk, document::junctionS(j, core::totalLength(*trunk))).position;
        mark.world = {p.x, p.y};
        const auto ways = document::junctionWays(j, [&](const std::string &id) {
            const core::ArcLengthTable *t = tableOf(id);
            return t ? core::totalLength(*t) : 0.0;
        });
        for (const document::JunctionWay &w : ways) {
            const core::ArcLengthTable *t = tableOf(w.rail);
            mark.ways.push_back(t ? planDirection(*t, w.s, w.forward) : QPointF());
        }
        mark.defaultWay = document::defaultWayIndex(j, ways);
        out.push_back(std::move(mark));
    }
    return out;
}

void paintJunctions(QPainter &painter, const ViewTransform &view, const std::vector<JunctionMark> &marks,
                    const std::string &active)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
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
        const bool selected = m.id == active;
        painter.setPen(QPen(selected ? palette::selection : palette::junction, selected ? 2.5 : 1.8));
        painter.setBrush(palette::darkOutline);
        painter.drawEllipse(c, kRing, kRing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(palette::junction);
        painter.drawEllipse(c, 2.5, 2.5);
        painter.setPen(palette::junction);
        painter.drawText(c + QPointF(kRing + 4, kRing + 12), QString::fromStdString(m.id));
    }
    painter.restore();
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
