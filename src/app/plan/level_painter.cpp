#include "app/plan/level_painter.h"

#include "app/drawing/canvas_palette.h"
#include "app/drawing/marker_stamps.h"
#include "app/drawing/nice_length.h"
#include "app/plan/label_placement.h"
#include "app/plan/plan_marks.h"
#include "app/plan/rail_painter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

namespace railforge::app {
namespace {

// A patrol's failure, written near `anchor` but wrapped and moved so that all of it stays on the
// canvas: the reason is what the designer needs to read, and it is often longer than the canvas
// is wide from a stop near the right edge.
void drawFailureLabel(QPainter &painter, QPointF anchor, const QString &text, std::vector<QRectF> &taken)
{
    // The bottom strip belongs to the scale bar.
    const QRectF canvas = painter.window().toRectF().adjusted(6, 6, -6, -40);
    if (canvas.width() < 40 || canvas.height() < 20) return;
    const double width = std::min(canvas.width(), 520.0);
    const int flags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
    QRectF box = QFontMetricsF(painter.font()).boundingRect(QRectF(0, 0, width, 1e6), flags, text);
    box.moveTopLeft(anchor + QPointF(10, 8));
    // Above the anchor at the bottom edge; inside the canvas and clear of the other labels.
    if (box.bottom() > canvas.bottom()) box.moveBottom(anchor.y() - 8);
    box = placeLabel(box, canvas, taken);
    withHalo(painter, palette::broken, [&](QPointF d) { painter.drawText(box.translated(d), flags, text); });
}

QColor selectionColor() { return palette::selection; }

QColor patrolColor(std::size_t i) { return palette::patrols[i % std::size(palette::patrols)]; }

void paintObstacles(QPainter &painter, const document::Level &level, const PaintState &state)
{
    const auto &view = state.view;
    for (const auto &o : level.obstacles) {
        const bool selected = state.selected(document::ObjectKind::Obstacle, o.id);
        if (!state.draws(selected)) continue;
        painter.setPen(QPen(selected ? selectionColor() : palette::obstacleOutline, selected ? 2.5 : 1.5));
        painter.setBrush(palette::obstacleFill);
        if (o.shape == document::Obstacle::Shape::Circle) {
            const QPointF c = view.toScreen({o.circle.center.x, o.circle.center.y});
            const double r = o.circle.radius * view.scale;
            painter.drawEllipse(c, r, r);
        } else {
            QPolygonF polygon;
            for (const auto &p : o.polygon) polygon << view.toScreen({p.x, p.y});
            painter.drawPolygon(polygon);
        }
    }
}

void paintEdges(QPainter &painter, const document::Level &level, const PaintState &state,
                const std::unordered_map<std::string, QPointF> &positions)
{
    const auto &view = state.view;
    for (const auto &e : level.edges) {
        auto a = positions.find(e.from);
        auto b = positions.find(e.to);
        if (a == positions.end() || b == positions.end()) continue;
        const bool selected = state.selected(document::ObjectKind::Edge, document::edgeId(e));
        // An edge moves with its waypoints: it belongs to the live layer when either end is selected.
        const bool live = selected || state.selected(document::ObjectKind::Waypoint, e.from) ||
                          state.selected(document::ObjectKind::Waypoint, e.to);
        if (!state.draws(live)) continue;
        const QPointF pa = view.toScreen(a->second);
        const QPointF pb = view.toScreen(b->second);
        const QColor color = selected ? selectionColor() : palette::edge;
        painter.setPen(QPen(color, selected ? 2.5 : palette::edgeWidth));
        painter.drawLine(pa, pb);
        if (!e.bidirectional) {
            // Stop the arrow at the target waypoint's rim so the head stays visible.
            const QPointF d = pb - pa;
            const double len = std::hypot(d.x(), d.y());
            if (len > palette::waypointRadius * 3)
                drawArrowHead(painter, pb - d / len * (palette::waypointRadius + 1.5), d, color);
        }
    }
}

void paintPatrols(QPainter &painter, const document::Level &level, const PaintState &state,
                  const std::unordered_map<std::string, QPointF> &positions)
{
    if (!state.routes) return;
    const auto &view = state.view;
    std::vector<QRectF> labels; // the failure labels placed so far, which the next must not cover
    for (std::size_t i = 0; i < level.patrols.size(); ++i) {
        const auto &patrol = level.patrols[i];
        const auto found = state.routes->find(patrol.id);
        if (found == state.routes->end()) continue;
        const auto &route = found->second;
        const QColor color = designerColor(patrol.properties).value_or(patrolColor(i));
        const bool selected = state.selected(document::ObjectKind::Patrol, patrol.id);
        if (!state.draws(selected)) continue;
        painter.setBrush(Qt::NoBrush);
        if (!route.ok() && !route.showsLastGood) {
            // A broken patrol stays visible: its stops joined by a red dashed line, and why it is broken.
            QPolygonF stops;
            for (const auto &stop : patrol.stops)
                if (auto p = positions.find(stop); p != positions.end()) stops << view.toScreen(p->second);
            painter.setPen(QPen(palette::broken, selected ? 2.5 : 1.5, Qt::DashLine));
            painter.drawPolyline(stops);
            if (!stops.isEmpty())
                drawFailureLabel(painter, stops.front(),
                                 QStringLiteral("\u26a0 %1: %2")
                                     .arg(QString::fromStdString(patrol.id), QString::fromStdString(route.error)),
                                 labels);
            continue;
        }
        QPolygonF raw, smooth;
        for (const auto &p : route.raw) raw << view.toScreen({p.x, p.y});
        for (const auto &p : route.smoothed) smooth << view.toScreen({p.x, p.y});
        QColor faint = color;
        faint.setAlpha(110);
        painter.setPen(QPen(faint, 1.5, Qt::DashLine));
        painter.drawPolyline(raw);
        painter.setPen(QPen(selected ? color.lighter(130) : color, selected ? 3.5 : 2.5, Qt::SolidLine, Qt::RoundCap,
                            Qt::RoundJoin));
        painter.drawPolyline(smooth);
        // A pipeline that failed at run time: its last good path stays, and the failure is said on it.
        if (!route.ok() && !smooth.isEmpty())
            drawFailureLabel(painter, smooth.front(),
                             QStringLiteral("\u26a0 %1: %2")
                                 .arg(QString::fromStdString(patrol.id), QString::fromStdString(route.error)),
                             labels);
    }
}

void paintStops(QPainter &painter, const document::Level &level, const PaintState &state,
                const std::unordered_map<std::string, QPointF> &positions)
{
    const auto &view = state.view;
    for (std::size_t i = 0; i < level.patrols.size(); ++i) {
        const auto &patrol = level.patrols[i];
        for (std::size_t k = 0; k < patrol.stops.size(); ++k) {
            auto p = positions.find(patrol.stops[k]);
            if (p == positions.end() || !state.draws(state.selected(document::ObjectKind::Waypoint, patrol.stops[k])))
                continue;
            const QPointF s = view.toScreen(p->second) +
                              QPointF(-palette::waypointRadius - 12 - 14 * double(i), palette::waypointRadius + 12);
            painter.setPen(Qt::NoPen);
            painter.setBrush(designerColor(patrol.properties).value_or(patrolColor(i)));
            painter.drawEllipse(s, 7, 7);
            painter.setPen(palette::darkOutline);
            painter.drawText(QRectF(s.x() - 7, s.y() - 7, 14, 14), Qt::AlignCenter, QString::number(k + 1));
        }
    }
}

void paintWaypoints(QPainter &painter, const document::Level &level, const PaintState &state)
{
    const auto &view = state.view;
    const double r = palette::waypointRadius;
    const bool roomForLabels = view.scale >= 12.0;
    for (const auto &w : level.waypoints) {
        const QPointF p = view.toScreen(planOf(w.position));
        const bool hovered = w.id == state.hoveredWaypoint.toStdString();
        const bool selected = state.selected(document::ObjectKind::Waypoint, w.id);
        // The hovered waypoint is drawn again live, highlighted, over its cached self.
        const bool liveHover = hovered && state.layer == PaintState::Layer::Selected;
        if (!state.draws(selected) && !liveHover) continue;
        if (selected) {
            painter.setPen(QPen(selectionColor(), 2.0));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(p, r + 4, r + 4);
        }
        if (hovered || selected) {
            painter.setPen(QPen(hovered ? palette::hover : palette::waypointOutline, hovered ? 2.0 : 1.5));
            painter.setBrush(palette::waypoint.lighter(125));
            painter.drawEllipse(p, r, r);
        } else {
            // Most waypoints: one disc painted once and stamped (10,000 outlined circles through the
            // stroker were a tenth of the big level's first frame).
            drawStamp(
                painter, p,
                discStamp(r, palette::waypoint, palette::waypointOutline, 1.5, painter.device()->devicePixelRatioF()));
        }
        if (roomForLabels || hovered || selected)
            drawLabel(painter, p + QPointF(r + 3, -r - 1), QString::fromStdString(w.id),
                      hovered || selected ? palette::hover : palette::label);
    }
}

} // namespace

void paintGrid(QPainter &painter, const ViewTransform &view)
{
    const QRectF world = view.visibleWorld();
    // Minor lines every power of ten that leaves >= 8 px between lines; every 10th stronger.
    const double minor = std::pow(10.0, std::ceil(std::log10(8.0 / view.scale)));
    const double major = minor * 10;
    auto drawLines = [&](double step, const QColor &color) {
        painter.setPen(QPen(color, 1.0));
        for (double x = std::floor(world.left() / step) * step; x <= world.right(); x += step) {
            const double sx = std::round(view.toScreen({x, 0}).x()) + 0.5;
            painter.drawLine(QPointF(sx, 0), QPointF(sx, view.viewport.height()));
        }
        for (double y = std::floor(world.top() / step) * step; y <= world.bottom(); y += step) {
            const double sy = std::round(view.toScreen({0, y}).y()) + 0.5;
            painter.drawLine(QPointF(0, sy), QPointF(view.viewport.width(), sy));
        }
    };
    if (minor * view.scale >= 8.0) drawLines(minor, palette::gridMinor);
    drawLines(major, palette::gridMajor);
    const QPointF origin = view.toScreen({0, 0});
    painter.setPen(QPen(palette::axisX, 1.5));
    painter.drawLine(QPointF(0, origin.y()), QPointF(view.viewport.width(), origin.y()));
    painter.setPen(QPen(palette::axisY, 1.5));
    painter.drawLine(QPointF(origin.x(), 0), QPointF(origin.x(), view.viewport.height()));
}

void paintScaleBar(QPainter &painter, const ViewTransform &view, const QString &units)
{
    const double length = niceLength(80.0 / view.scale);
    const double pixels = length * view.scale;
    const QPointF start(16, view.viewport.height() - 18);
    const QPointF end = start + QPointF(pixels, 0);
    painter.setPen(QPen(palette::label, 2.0));
    painter.drawLine(start, end);
    painter.drawLine(start, start - QPointF(0, 6));
    painter.drawLine(end, end - QPointF(0, 6));
    const QString text = QString::number(length, 'g', 6) + " " + units;
    drawLabel(painter, start + QPointF(pixels / 2 - QFontMetricsF(painter.font()).horizontalAdvance(text) / 2, -8),
              text, palette::label);
}

void paintLevel(QPainter &painter, const document::Level &level, const PaintState &state)
{
    using K = document::ObjectKind;
    // The live layer over a drag draws only what hangs on the selection: edges and patrols hang on
    // waypoints, so with none of those selected (a rail being dragged) their passes over every edge
    // and patrol of a big level are skipped.
    const bool live = state.layer == PaintState::Layer::Selected;
    const bool waypointsLive = !live || state.selects(K::Waypoint);
    const bool edges = state.shows(K::Edge) && (waypointsLive || state.selects(K::Edge));
    const bool patrols = state.shows(K::Patrol) && (waypointsLive || state.selects(K::Patrol));
    std::unordered_map<std::string, QPointF> positions;
    if (edges || patrols) {
        positions.reserve(level.waypoints.size());
        for (const auto &w : level.waypoints) positions.emplace(w.id, planOf(w.position));
    }
    if (state.shows(K::Obstacle)) paintObstacles(painter, level, state);
    if (edges) paintEdges(painter, level, state, positions);
    if (patrols) paintPatrols(painter, level, state, positions);
    if (state.shows(K::Rail)) paintRails(painter, level, state);
    if (state.shows(K::Waypoint)) paintWaypoints(painter, level, state);
    if (patrols) paintStops(painter, level, state, positions);
}

} // namespace railforge::app
