#include "app/plan/rail_painter.h"

#include "app/drawing/canvas_palette.h"
#include "app/drawing/marker_stamps.h"
#include "app/plan/banking_ticks.h"
#include "app/plan/channel_marks.h"
#include "app/plan/overlay_painter.h"
#include "app/plan/plan_marks.h"
#include "document/editing/point_handle.h"
#include "document/model/rail_points.h"

#include <QPainter>
#include <QPainterPath>

namespace railforge::app {
namespace {

// The active point of the selected rail: ringed, its Bezier handles (auto hollow, others filled, a
// corner none) on thin lines, and its tilt when it has one.
void paintActivePoint(QPainter &painter, const document::Rail &rail, std::size_t point, const ViewTransform &view)
{
    const QPointF c = view.toScreen(planOf(rail.points[point]));
    for (const document::ShownHandle &h : document::shownHandleTips(rail, point)) {
        const QPointF tip = view.toScreen(planOf(h.tip));
        painter.setPen(QPen(palette::handleLine, 1.0));
        painter.drawLine(c, tip);
        painter.setPen(QPen(palette::handle, 1.5));
        painter.setBrush(h.automatic ? QBrush(Qt::NoBrush) : QBrush(palette::handle));
        painter.drawEllipse(tip, palette::handleRadius, palette::handleRadius);
    }
    const double s = palette::controlPointSize + 6;
    painter.setPen(QPen(palette::handle, 1.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(c.x() - s / 2, c.y() - s / 2, s, s));
    if (const double tilt = document::pointTilt(rail, point); tilt != 0.0)
        paintReadout(painter, c + QPointF(10, 10), QString::fromUtf8("tilt %1\u00b0").arg(tilt, 0, 'g', 6),
                     palette::banking);
}

// A curve three pixels wide, in an opaque colour: five one-pixel hairlines, at its place and a pixel
// to each side. Qt strokes hairlines on a fast path; a wider pen goes through its general stroker
// (an angle at every joint of the flattened curve), six times slower for the big level's 1,000
// rails. The look is the same but for a pixel's softening on diagonals.
void drawThreePixelCurve(QPainter &painter, const QPainterPath &path, const QTransform &worldToScreen,
                         const QColor &color)
{
    static_assert(palette::railWidth == 3.0, "the hairlines make three pixels");
    painter.save();
    QPen pen(color, 1.0);
    pen.setCosmetic(true);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    const QTransform base = painter.transform();
    for (const QPointF d : {QPointF(0, 0), QPointF(1, 0), QPointF(-1, 0), QPointF(0, 1), QPointF(0, -1)}) {
        painter.setTransform(worldToScreen * base * QTransform::fromTranslate(d.x(), d.y()));
        painter.drawPath(path);
    }
    painter.restore();
}

// A rail's control point: a light square in a rim of the rail's colour (marker_stamps.h: the big
// level has 100,000 of them).
void drawControlSquare(QPainter &painter, QPointF c, bool selected, const QColor &outline)
{
    const int rim = selected ? 2 : 1;
    fillRimmedSquare(painter, c, int(palette::controlPointSize) + (selected ? 2 : 0) - rim, rim, outline,
                     palette::railControl);
}

} // namespace

void paintRails(QPainter &painter, const document::Level &level, const PaintState &state)
{
    const auto &view = state.view;
    if (state.rails) state.rails->prepareBanking();
    for (std::size_t r = 0; r < level.rails.size(); ++r) {
        const auto &rail = level.rails[r];
        const bool selected = state.selected(document::ObjectKind::Rail, rail.id);
        if (!state.draws(selected)) continue;
        const QColor base = designerColor(rail.properties).value_or(palette::rail);
        // Its width channel under it, as wide as the game will make it.
        if (!rail.channels.empty() && state.rails && r < state.rails->size()) {
            const QPolygonF band = widthBand(rail, state.rails->table(r));
            if (!band.isEmpty()) {
                painter.save();
                painter.setTransform(worldToScreen(view), true);
                QColor fill = base;
                fill.setAlpha(selected ? 0x50 : 0x30);
                QPen edge(base, 1.0);
                edge.setCosmetic(true);
                painter.setPen(edge);
                painter.setBrush(fill);
                painter.drawPolygon(band);
                painter.restore();
            }
        }
        if (state.rails && r < state.rails->paths.size()) {
            // The real curve: exact cubic segments, drawn through the world-to-screen transform.
            const QColor color = selected ? base.lighter(135) : base;
            if (!selected && color.alpha() == 255) {
                drawThreePixelCurve(painter, state.rails->paths[r], worldToScreen(view), color);
            } else {
                painter.save();
                painter.setTransform(worldToScreen(view), true);
                QPen pen(color, selected ? palette::railWidth + 1.5 : palette::railWidth, Qt::SolidLine, Qt::RoundCap,
                         Qt::RoundJoin);
                pen.setCosmetic(true);
                painter.setPen(pen);
                painter.setBrush(Qt::NoBrush);
                painter.drawPath(state.rails->paths[r]);
                painter.restore();
            }
            const auto &mid = state.rails->middle[r];
            const QPointF at = view.toScreen({mid.position.x, mid.position.y});
            const QPointF dir(mid.tangent.x, -mid.tangent.y);
            drawArrowHead(painter, at + dir * 6, dir, selected ? base.lighter(135) : base);
        }
        if (const core::FrameTable *frames = state.rails ? state.rails->banking(r) : nullptr)
            paintBankingTicks(painter, bankingTicks(state.rails->table(r), *frames, view),
                              selected ? palette::banking.lighter(130) : palette::banking);
        const QColor outline = selected ? palette::selection : base;
        for (const auto &p : rail.points) drawControlSquare(painter, view.toScreen(planOf(p)), selected, outline);
        if (selected && rail.id == state.activeRail && state.activeRailPoint >= 0 &&
            std::size_t(state.activeRailPoint) < rail.points.size())
            paintActivePoint(painter, rail, std::size_t(state.activeRailPoint), view);
        // Its events: a small diamond where each fires, with its name.
        if (!rail.channels.empty() && state.rails && r < state.rails->size())
            for (const EventMark &mark : eventMarks(rail, state.rails->table(r))) {
                const QPointF c = view.toScreen(mark.world);
                const double d = palette::eventMarkSize / 2;
                painter.setPen(QPen(palette::darkOutline, 1.2));
                painter.setBrush(palette::event);
                painter.drawPolygon(
                    QPolygonF({c + QPointF(0, -d), c + QPointF(d, 0), c + QPointF(0, d), c + QPointF(-d, 0)}));
                drawLabel(painter, c + QPointF(d + 3, -d - 2), mark.name, palette::event);
            }
    }
}

} // namespace railforge::app
