// Banking on the canvas (docs/ui.md "Visual language"): short ticks across a banked rail showing which
// way and how far its up vector leans, at constant pixel spacing and size whatever the zoom, and denser
// where the tilt changes.
#pragma once

#include "app/plan/view_transform.h"
#include "core/arc_length.h"
#include "core/frames.h"

#include <QColor>
#include <QLineF>

#include <vector>

class QPainter;

namespace railforge::app {

// Tick spacing along the rail on screen, in pixels (halved where the tilt changes by more than a degree).
inline constexpr double kBankTickSpacing = 16.0;
// Length of a tick in pixels when up lies flat in the plan (a 90 degree bank).
inline constexpr double kBankTickLength = 16.0;
// At most this many ticks per rail (a huge rail zoomed in: the spacing grows instead).
inline constexpr int kMaxBankTicks = 4000;

// The ticks (item pixels) of one rail: from the curve point across the rail toward the side its up
// leans, sin(bank) of the full length (a rail banked 30 degrees gets half-length ticks). Unbanked
// stretches give none, however they climb.
std::vector<QLineF> bankingTicks(const core::ArcLengthTable &table, const core::FrameTable &frames,
                                 const ViewTransform &view);

// Draws the ticks in `color` (thin, cosmetic).
void paintBankingTicks(QPainter &painter, const std::vector<QLineF> &ticks, const QColor &color);

} // namespace railforge::app
