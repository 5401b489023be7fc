#include "app/plan/profile_marks.h"

#include "app/drawing/canvas_palette.h"
#include "app/plan/overlay_painter.h"
#include "app/selection/selection.h"
#include "document/model/rail_geometry.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace railforge::app {

std::optional<ProfiledCurve> ProfiledCurve::of(const QString &key, const document::Level &level,
                                               const RailShapes &rails, const PatrolRoutes &routes)
{
    const auto id = Selection::fromKey(key);
    if (!id) return std::nullopt;
    ProfiledCurve curve;
    if (id->kind == document::ObjectKind::Rail) {
        const int index = document::findRail(level, id->id);
        if (index < 0 || std::size_t(index) >= rails.size()) return std::nullopt;
        curve.m_rails = &rails;
        curve.m_rail = index;
        return curve;
    }
    const auto route = routes.find(id->id);
    if (route == routes.end() || route->second.smoothed.size() < 2) return std::nullopt;
    curve.m_path = route->second.smoothed;
    double s = 0.0;
    for (std::size_t i = 0; i < curve.m_path.size(); ++i) {
        if (i > 0) s += core::distance(curve.m_path[i - 1], curve.m_path[i]);
        curve.m_pathS.push_back(s);
    }
    return curve;
}

double ProfiledCurve::length() const
{
    if (m_rail >= 0) return m_rails->lengths[std::size_t(m_rail)];
    return m_pathS.empty() ? 0.0 : m_pathS.back();
}

core::CurveSample ProfiledCurve::at(double s) const
{
    if (m_rail >= 0) return core::sampleAt(m_rails->table(std::size_t(m_rail)), std::clamp(s, 0.0, length()));
    const auto it = std::upper_bound(m_pathS.begin(), m_pathS.end(), s);
    const std::size_t i = std::clamp<std::size_t>(std::size_t(it - m_pathS.begin()), 1, m_path.size() - 1);
    const double span = m_pathS[i] - m_pathS[i - 1];
    const double t = span > 0.0 ? std::clamp((s - m_pathS[i - 1]) / span, 0.0, 1.0) : 0.0;
    const core::Vec3 d = m_path[i] - m_path[i - 1];
    const double l = core::length(d);
    return {std::clamp(s, 0.0, length()), m_path[i - 1] + d * t, l > 0.0 ? d * (1.0 / l) : core::Vec3{}};
}

std::pair<double, double> ProfiledCurve::nearest(QPointF world) const
{
    if (m_rail >= 0) {
        const auto hit = m_rails->planIndex().nearest({world.x(), world.y(), 0.0}, m_rail);
        if (!hit) return {0.0, INFINITY};
        // The index's s is along the flattened curve: the profile's is along the real one.
        const core::ArcLengthTable &table = m_rails->table(std::size_t(m_rail));
        return {core::arcLengthAt(table, {hit->segment, hit->u}), hit->distance};
    }
    double bestS = 0.0, best = INFINITY;
    for (std::size_t i = 1; i < m_path.size(); ++i) {
        const QPointF a(m_path[i - 1].x, m_path[i - 1].y), b(m_path[i].x, m_path[i].y);
        const QPointF ab = b - a;
        const double ll = QPointF::dotProduct(ab, ab);
        const double t = ll > 0.0 ? std::clamp(QPointF::dotProduct(world - a, ab) / ll, 0.0, 1.0) : 0.0;
        const double d = QLineF(world, a + ab * t).length();
        if (d < best) best = d, bestS = m_pathS[i - 1] + t * (m_pathS[i] - m_pathS[i - 1]);
    }
    return {bestS, best};
}

void paintPlanCursor(QPainter &painter, const ViewTransform &view, const core::CurveSample &at, const QString &units)
{
    const QPointF p = view.toScreen({at.position.x, at.position.y});
    QPen ring(palette::darkOutline, 4);
    ring.setCosmetic(true);
    painter.setPen(ring);
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(p, 7, 7);
    ring.setColor(palette::marker);
    ring.setWidthF(2);
    painter.setPen(ring);
    painter.drawEllipse(p, 7, 7);
    const QString text = QStringLiteral("s %1  z %2 %3")
                             .arg(QString::number(at.s, 'f', 2), QString::number(at.position.z, 'f', 2), units);
    // Right of the ring, or left of it where the canvas ends.
    QPointF anchor = p + QPointF(10, 8);
    const QRectF box = readoutRect(painter.font(), anchor, text);
    if (box.right() > view.viewport.width()) anchor.setX(p.x() - 10 - box.width());
    paintReadout(painter, anchor, text, palette::marker);
}

void paintOverLimit(QPainter &painter, const ViewTransform &view, const ProfiledCurve &curve,
                    const std::vector<std::pair<double, double>> &stretches)
{
    // Bevelled joins: between steps a few pixels long the band turns too little for round ones to
    // show, and Qt's stroker works out an arc at every round join (a tenth of a drag frame).
    QPen pen(QColor(0xff, 0x5c, 0x5c, 0xa0), 9, Qt::SolidLine, Qt::FlatCap, Qt::BevelJoin);
    pen.setCosmetic(true);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    for (const auto &[s0, s1] : stretches) {
        // Enough points that the band follows the curve: one every few pixels.
        const double step = std::max((s1 - s0) / 400, 5.0 / std::max(view.scale, 1e-12));
        QPainterPath band;
        for (double s = s0;; s = std::min(s + step, s1)) {
            const core::CurveSample at = curve.at(s);
            const QPointF p = view.toScreen({at.position.x, at.position.y});
            if (s == s0)
                band.moveTo(p);
            else
                band.lineTo(p);
            if (s >= s1) break;
        }
        if (s1 - s0 < step) band.lineTo(band.currentPosition() + QPointF(0.5, 0));
        painter.drawPath(band);
    }
}

std::vector<PlacedLabel> bankLabels(const QFont &font, const ViewTransform &view, const document::Rail &rail,
                                    const core::ArcLengthTable &table, const core::FrameTable &frames,
                                    std::vector<QRectF> &taken)
{
    std::vector<PlacedLabel> out;
    const double length = core::totalLength(table);
    // Labels closer than this to the last one drawn are left out (a long rail zoomed out).
    constexpr double kLabelSpacing = 40.0; // px
    constexpr double kOffset = 10.0;       // px beside the point: clear of a junction's ring there
    constexpr double kGap = 2.0;           // px kept clear around what is taken
    std::optional<QPointF> last;
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        const QPointF point = view.toScreen({rail.points[i].x, rail.points[i].y});
        if (last && QLineF(*last, point).length() < kLabelSpacing) continue;
        const double s = i < table.segments.size() ? table.breaks[table.firstBreak[i]].s : length;
        const core::CurveSample at = core::sampleAt(table, s);
        const core::Vec3 up = core::upAt(frames, s, at.position, at.tangent);
        const double bank = core::bankDegrees(at.tangent, up);
        if (std::abs(bank) < 0.5) continue;
        const QPointF p = view.toScreen({at.position.x, at.position.y});
        const QString text = QStringLiteral("%1°").arg(QString::number(bank, 'f', 0));
        const QRectF size = readoutRect(font, {}, text);
        const double w = size.width(), h = size.height();
        // Above right first (where it always was), then the other corners.
        for (const QPointF corner : {QPointF(kOffset, -h - 1), QPointF(kOffset, kOffset), QPointF(-kOffset - w, -h - 1),
                                     QPointF(-kOffset - w, kOffset)}) {
            const QRectF box = size.translated(p + corner);
            const bool clear = std::none_of(taken.begin(), taken.end(), [&](const QRectF &other) {
                return other.adjusted(-kGap, -kGap, kGap, kGap).intersects(box);
            });
            if (!clear) continue;
            taken.push_back(box);
            out.push_back({box, text});
            last = p;
            break;
        }
    }
    return out;
}

void paintBankLabels(QPainter &painter, const ViewTransform &view, const document::Rail &rail,
                     const core::ArcLengthTable &table, const core::FrameTable &frames, std::vector<QRectF> &taken)
{
    QFont font = painter.font();
    font.setPixelSize(10);
    painter.setFont(font);
    for (const PlacedLabel &label : bankLabels(font, view, rail, table, frames, taken))
        paintReadout(painter, label.box.topLeft(), label.text, palette::banking);
}

} // namespace railforge::app
