// Where things go on the profile panel: its lanes (heights; tilt and forces for rails), arc length s
// across, and each lane's own vertical scale (heights with the designer's exaggeration, or fitted).
#pragma once

#include "app/profile/profile_data.h"
#include "document/model/ride_simulation.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <optional>

namespace railforge::app {

// How the designer looks at the profile.
struct ProfileViewState {
    double sStart = 0.0;      // arc length at the left edge of the lanes
    double sScale = 0.0;      // pixels per level unit along s (0: fit the whole length)
    double exaggeration = 0;  // heights drawn this many times steeper than s (0: fit the lane)
    double speed = 0.0;       // m/s for the forces lane
    double metresPerUnit = 1; // the level's units in metres
    RideLimits limits;
    // With ride physics on, the simulated ride of the shown rail: the forces lane reads its speed.
    std::optional<document::RideSimulation> ride;
    // The forces at each row at `speed`, computed once per change of the data or the speed (every
    // frame of a drag draws them; computing them there would cost more than drawing them).
    std::vector<core::RiderForces> forces;
};

// The rider forces of every row of `data`: at the simulated speed when the state has a ride, else at
// the speed of the rail's `speed` channel there when it has one (a float or int channel), else at the
// state's speed.
std::vector<core::RiderForces> forcesAlong(const ProfileData &data, const ProfileViewState &state);

class ProfileLayout {
public:
    static constexpr double kLeft = 58, kRight = 14, kTop = 26, kBottom = 20, kGap = 10, kLaneGap = 4;

    ProfileLayout(QSizeF size, const ProfileData &data, const ProfileViewState &state);

    QRectF heights;               // the heights lane
    QRectF tilt;                  // the tilt lane (empty for patrols)
    QRectF forces;                // the forces lane (empty for patrols)
    std::vector<QRectF> channels; // one lane per channel of the rail, under the forces
    double sStart = 0.0, sScale = 1.0;
    double zMid = 0.0, zScale = 1.0; // heights: level units at the lane's middle, pixels per unit
    double tiltRange = 30.0;         // the tilt lane shows -range..+range degrees
    double gLow = -1.5, gHigh = 2.0; // the forces lane shows gLow..gHigh g

    double xOf(double s) const { return heights.left() + (s - sStart) * sScale; }
    double sOf(double x) const { return sStart + (x - heights.left()) / sScale; }
    double yOfZ(double z) const { return heights.center().y() - (z - zMid) * zScale; }
    double zOfY(double y) const { return zMid - (y - heights.center().y()) / zScale; }
    double yOfTilt(double degrees) const { return tilt.center().y() - degrees / tiltRange * tilt.height() / 2; }
    double tiltOfY(double y) const { return (tilt.center().y() - y) / (tilt.height() / 2) * tiltRange; }
    double yOfG(double g) const { return forces.bottom() - (g - gLow) / (gHigh - gLow) * forces.height(); }
    // A channel lane's value and back (numeric lanes span their range; the others sit at the middle).
    static double yOfValue(const QRectF &lane, const ChannelLane &c, double v);
    static double valueOfY(const QRectF &lane, const ChannelLane &c, double y);
    // The lowest lane's bottom (where the s labels go).
    double bottom() const;
};

// The rail's float or int `speed` channel's lane (read at every row), or null.
const ChannelLane *speedLane(const ProfileData &data);

// The s scale that shows the whole length in a panel of width `width`.
double fittedSScale(double width, double length);

} // namespace railforge::app
