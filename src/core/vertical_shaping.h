// Shaping a height profile for a rider's vertical forces: heights sampled every `spacing` along a
// rail's plan path (as grade_envelope.h's), crests rounded and valleys filled so the profile's
// curvature stays within what a rider at a design speed may feel (v² z'' / g in g). Both only ever
// raise a profile, and neither makes a slope steeper than the one it is given.
#pragma once

#include <cstddef>
#include <vector>

namespace railforge::core {

// max over |s_i - s_j| <= slope / bend of (z_j - bend (s_i - s_j)² / 2): every crest becomes a parabola
// of curvature -bend or a gentler one; a straight climb of `slope` is raised by slope² / (2 bend).
// z's neighbours must differ by at most slope * spacing. Round the seam when `closed`.
std::vector<double> crestsRounded(const std::vector<double> &z, double spacing, double bend, double slope, bool closed);

// The lowest profile on or above z whose curvature is nowhere more than +bend (valleys at least that
// wide): bend s² / 2 plus the upper concave hull of z - bend s² / 2. Round the seam when `closed`.
std::vector<double> valleysFilled(const std::vector<double> &z, double spacing, double bend, bool closed);

} // namespace railforge::core
