#include "app/plan/label_placement.h"

namespace railforge::app {
namespace {
constexpr double kGap = 4.0;

QRectF insideCanvas(QRectF box, const QRectF &canvas)
{
    if (box.right() > canvas.right()) box.moveRight(canvas.right());
    if (box.left() < canvas.left()) box.moveLeft(canvas.left());
    if (box.bottom() > canvas.bottom()) box.moveBottom(canvas.bottom());
    if (box.top() < canvas.top()) box.moveTop(canvas.top());
    return box;
}
} // namespace

QRectF placeLabel(QRectF box, const QRectF &canvas, std::vector<QRectF> &taken)
{
    box = insideCanvas(box, canvas);
    // Step down past each box in the way; each step clears one box, so this ends.
    for (std::size_t tries = 0; tries <= taken.size(); ++tries) {
        const QRectF *hit = nullptr;
        for (const QRectF &other : taken)
            if (other.adjusted(-kGap, -kGap, kGap, kGap).intersects(box)) hit = &other;
        if (!hit) break;
        QRectF below = box;
        below.moveTop(hit->bottom() + kGap);
        if (below.bottom() > canvas.bottom()) {
            // No room below: try above the box in the way, else stay.
            QRectF above = box;
            above.moveBottom(hit->top() - kGap);
            if (above.top() < canvas.top()) break;
            box = above;
        } else {
            box = below;
        }
    }
    taken.push_back(box);
    return box;
}

} // namespace railforge::app
