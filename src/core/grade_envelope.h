// The lowest height profile a rail may take over a ground at a grade limit, and the smoothing that
// keeps a profile within its grade: both work on heights sampled at places s along the rail's plan
// path (horizontal distance), so "slope" is rise over plan run (tan of the pitch).
#pragma once

#include <cstddef>
#include <vector>

namespace railforge::core {

// z*_i = max over j of (floor_j - slope |s_i - s_j|): the upper envelope of cones of that slope over
// the floors, the lowest profile that stays on or above every floor and never climbs or falls faster
// than `slope`. `s` increasing; a floor of -infinity asks nothing. Exact, two passes, O(n).
std::vector<double> gradeEnvelope(const std::vector<double> &s, const std::vector<double> &floor, double slope);

// The same over a loop of length `period` (s in [0, period)): the cones also reach round the seam.
std::vector<double> gradeEnvelopeClosed(const std::vector<double> &s, const std::vector<double> &floor, double slope,
                                        double period);

// What a moving average does at the ends of an open sequence.
enum class AverageEnds {
    Hold, // as if the first and last values went on (keeps every value's bounds and the slope)
    Pin,  // point-mirrored about the end values (v[-k] = 2 v[0] - v[k]): the end values stay exactly
          // (the radius is then at most n - 1)
    Wrap, // a closed loop
};

// Each value replaced by the mean of the 2 radius + 1 values centred on it. A sequence whose
// neighbours differ by at most d keeps that bound; so Hold and Wrap keep a grade, and so does Pin.
std::vector<double> movingAverage(const std::vector<double> &values, std::size_t radius, AverageEnds ends);

// The largest radius for which one movingAverage moves a sequence whose neighbours, `spacing` apart,
// differ by at most slope * spacing, by at most `shift` anywhere: slope spacing r(r+1)/(2r+1) <= shift.
std::size_t averagingRadius(double slope, double spacing, double shift);

} // namespace railforge::core
