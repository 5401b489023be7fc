#include "app/level_painter.h"

#include "app/canvas_palette.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

#include <cmath>
#include <unordered_map>

namespace railforge::app {
namespace {

QPointF ground(const core::Vec3 &p) { return {p.x, p.y}; }

// Text with a dark halo so it reads on any background.
void drawLabel(QPainter &painter, QPointF at, const QString &text, const QColor &color)
{
    painter.setPen(palette::labelShadow);
    for (const QPointF d : {QPointF(1, 1), QPointF(-1, 1), QPointF(1, -1), QPointF(-1, -1)})
        painter.drawText(at + d, text);
    painter.setPen(color);
    painter.drawText(at, text);
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

void paintObstacles(QPainter &painter, const document::Level &level, const ViewTransform &view)
{
    painter.setPen(QPen(palette::obstacleOutline, 1.5));
    painter.setBrush(palette::obstacleFill);
    for (const auto &o : level.obstacles) {
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

void paintEdges(QPainter &painter, const document::Level &level, const ViewTransform &view,
                const std::unordered_map<std::string, QPointF> &positions)
{
    painter.setPen(QPen(palette::edge, palette::edgeWidth));
    for (const auto &e : level.edges) {
        auto a = positions.find(e.from);
        auto b = positions.find(e.to);
        if (a == positions.end() || b == positions.end()) continue;
        const QPointF pa = view.toScreen(a->second);
        const QPointF pb = view.toScreen(b->second);
        painter.setPen(QPen(palette::edge, palette::edgeWidth));
        painter.drawLine(pa, pb);
        if (!e.bidirectional) {
            // Stop the arrow at the target waypoint's rim so the head stays visible.
            const QPointF d = pb - pa;
            const double len = std::hypot(d.x(), d.y());
            if (len > palette::waypointRadius * 3)
                drawArrowHead(painter, pb - d / len * (palette::waypointRadius + 1.5), d, palette::edge);
        }
    }
}

void paintRails(QPainter &painter, const document::Level &level, const ViewTransform &view)
{
    for (const auto &rail : level.rails) {
        QPolygonF line;
        for (const auto &p : rail.points) line << view.toScreen(ground(p));
        if (rail.closed && !line.isEmpty()) line << line.front();
        painter.setPen(QPen(palette::rail, palette::railWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(line);
        // Direction arrow at the middle of the polyline.
        if (line.size() >= 2) {
            const int mid = (line.size() - 1) / 2;
            const QPointF a = line[mid];
            const QPointF b = line[mid + 1];
            drawArrowHead(painter, (a + b) / 2 + (b - a) / std::max(1.0, std::hypot((b - a).x(), (b - a).y())) * 5,
                          b - a, palette::rail);
        }
        painter.setPen(QPen(palette::rail, 1.2));
        painter.setBrush(palette::railControl);
        const double s = palette::controlPointSize;
        for (const QPointF &p : line) painter.drawRect(QRectF(p.x() - s / 2, p.y() - s / 2, s, s));
    }
}

void paintWaypoints(QPainter &painter, const document::Level &level, const PaintState &state)
{
    const auto &view = state.view;
    const double r = palette::waypointRadius;
    const bool roomForLabels = view.scale >= 12.0;
    for (const auto &w : level.waypoints) {
        const QPointF p = view.toScreen(ground(w.position));
        const bool hovered = w.id == state.hoveredWaypoint.toStdString();
        painter.setPen(QPen(hovered ? palette::hover : palette::waypointOutline, hovered ? 2.0 : 1.5));
        painter.setBrush(hovered ? palette::waypoint.lighter(125) : palette::waypoint);
        painter.drawEllipse(p, r, r);
        if (roomForLabels || hovered)
            drawLabel(painter, p + QPointF(r + 3, -r - 1), QString::fromStdString(w.id),
                      hovered ? palette::hover : palette::label);
    }
}

} // namespace

double niceStep(double scale, double minPixels)
{
    const double raw = minPixels / scale;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= raw) return m * power;
    return 10.0 * power;
}

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
    const double length = niceStep(view.scale, 80.0);
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
    std::unordered_map<std::string, QPointF> positions;
    positions.reserve(level.waypoints.size());
    for (const auto &w : level.waypoints) positions.emplace(w.id, ground(w.position));
    paintObstacles(painter, level, state.view);
    paintEdges(painter, level, state.view, positions);
    paintRails(painter, level, state.view);
    paintWaypoints(painter, level, state);
}

} // namespace railforge::app
