#include "app/plan/banking_ticks.h"

#include <QPainter>

#include <cmath>

namespace railforge::app {

std::vector<QLineF> bankingTicks(const core::ArcLengthTable &table, const core::FrameTable &frames,
                                 const ViewTransform &view)
{
    std::vector<QLineF> ticks;
    const double length = core::totalLength(table);
    if (!(length > 0.0) || !(view.scale > 0.0)) return ticks;
    // Half the spacing is the finest step; coarser where the tilt stays the same.
    double step = kBankTickSpacing / 2 / view.scale;
    step = std::max(step, length / kMaxBankTicks);
    const double degree = M_PI / 180.0;
    double lastTilt = core::tiltAt(frames, 0.0);
    int index = 0;
    for (double s = 0.0; s <= length; s += step, ++index) {
        const double tilt = core::tiltAt(frames, s);
        const bool changing = std::abs(tilt - lastTilt) > degree;
        lastTilt = tilt;
        if (index % 2 == 1 && !changing) continue;
        const core::CurveSample at = core::sampleAt(table, s);
        const core::Vec3 up = core::upAt(frames, s, at.position, at.tangent);
        // The lean across the rail (the bank, not the pitch): up's part along the plan's left of the
        // travel, sin(bank) of a tick's length; a climbing unbanked rail shows none.
        const double across = std::hypot(at.tangent.x, at.tangent.y);
        if (across < 1e-9) continue;
        const core::Vec3 left{-at.tangent.y / across, at.tangent.x / across, 0.0};
        const double sine = core::dot(up, left);
        if (std::abs(sine) < 0.03) continue;
        const QPointF lean(left.x * sine, -left.y * sine); // screen y points down
        const QPointF base = view.toScreen({at.position.x, at.position.y});
        ticks.emplace_back(base, base + lean * kBankTickLength);
    }
    return ticks;
}

void paintBankingTicks(QPainter &painter, const std::vector<QLineF> &ticks, const QColor &color)
{
    if (ticks.empty()) return;
    QPen pen(color, 1.5, Qt::SolidLine, Qt::RoundCap);
    pen.setCosmetic(true);
    painter.setPen(pen);
    painter.drawLines(ticks.data(), int(ticks.size()));
}

} // namespace railforge::app
