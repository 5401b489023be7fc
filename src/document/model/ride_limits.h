// The forces a ride may put on a rider (coaster practice by default): the profile's forces lane marks
// what is outside them and `validate` warns of it on a rail with a speed channel.
#pragma once

#include "core/rail_profile.h"

#include <cmath>

namespace railforge::document {

struct RideLimits {
    double lateral = 1.5;      // |lateral g| at most
    double verticalMin = -1.0; // vertical g at least
    double verticalMax = 5.0;  // vertical g at most

    // Whether a rider feeling `f` is outside them.
    bool outside(const core::RiderForces &f) const
    {
        return std::abs(f.lateral) > lateral || f.vertical < verticalMin || f.vertical > verticalMax;
    }
};

} // namespace railforge::document
