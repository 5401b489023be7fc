// How fast a rail rolls between its points (core/roll_rate.h): the roll-rate limit Bank… keeps and
// the Problems panel checks a ridden rail against.
#pragma once

#include "document/model/level.h"

#include <vector>

namespace railforge::document {

// Bank…'s roll-rate limit unless told, and the one a ridden rail is checked against (degrees a metre).
inline constexpr double kDefaultMaxRollRate = 10.0;

// Each segment's arc length in metres (closed: the last joins the first).
std::vector<double> segmentMetres(const Rail &rail, double metresPerUnit);

// A segment rolling at `degreesPerMetre` at its fastest, from fromS to toS along the rail (level units).
struct RollRate {
    double degreesPerMetre = 0.0;
    double fromS = 0.0, toS = 0.0;
};

// The segments of `rail` rolling faster than `limit` degrees a metre; none on a rail without tilt.
std::vector<RollRate> rollRatesOver(const Rail &rail, double metresPerUnit, double limit);

} // namespace railforge::document
