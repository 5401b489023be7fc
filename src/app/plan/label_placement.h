// Where a label box goes on the canvas so that it stays readable: inside the canvas and clear of the
// labels already placed (two broken patrols that share an end would otherwise print their reasons
// on top of each other).
#pragma once

#include <QRectF>

#include <vector>

namespace railforge::app {

// `box` (already sized) moved into `canvas` and below any box of `taken` it would overlap; the
// result is appended to `taken`. When the canvas has no room left, the box overlaps as little as
// the last position allows.
QRectF placeLabel(QRectF box, const QRectF &canvas, std::vector<QRectF> &taken);

} // namespace railforge::app
