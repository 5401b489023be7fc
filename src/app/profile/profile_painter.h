// Draws the profile panel: grids and scales in level units, the height curve coloured by pitch with
// its points, handles and stops, the tilt lane (tilt dots, interpolated tilt, the bank the rider
// feels), the forces lane (vertical and lateral g at the designer's speed, limit lines, stretches
// over a limit) and the shared cursor.
#pragma once

#include "app/profile/channel_lane_painter.h"
#include "app/profile/profile_layout.h"

#include <QColor>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

class QPainter;

namespace railforge::app {

// Pitch colour bands: below `gentle` degrees green, to `steep` amber, above red.
struct PitchBands {
    double gentle = 10.0;
    double steep = 25.0;
};

QColor pitchColour(double pitchDegrees, const PitchBands &bands);

// What one frame of the panel shows beyond the data.
struct ProfileFrame {
    PitchBands bands;
    QString units = QStringLiteral("m");
    std::optional<double> cursorS; // the shared cursor, when on this object
    int activePoint = -1;          // the selected control point (rails)
    int hotMarker = -1;            // the marker under the mouse or being dragged
    std::vector<std::pair<double, double>> overLimit;
    LaneHighlight lanes; // the channel lanes' active and hot keys
};

// Numbers as the panel writes them: at most `decimals` digits, no trailing zeros.
QString profileNumber(double value, int decimals = 2);

void paintProfile(QPainter &painter, QSizeF size, const ProfileLayout &layout, const ProfileData &data,
                  const ProfileViewState &state, const ProfileFrame &frame);

// What the panel says when it has nothing to draw.
void paintProfilePlaceholder(QPainter &painter, QSizeF size, const QString &text);

} // namespace railforge::app
