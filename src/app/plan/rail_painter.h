// The plan's rails: each curve with its width band, direction arrow, banking ticks, control points,
// events, and the active point's handles and tilt.
#pragma once

#include "app/plan/level_painter.h"

namespace railforge::app {

// Draws the rails of `level` that `state`'s layer draws (level_painter.h).
void paintRails(QPainter &painter, const document::Level &level, const PaintState &state);

} // namespace railforge::app
