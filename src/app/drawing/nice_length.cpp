#include "app/drawing/nice_length.h"

#include <cmath>
#include <initializer_list>

namespace railforge::app {

double niceLength(double atLeast)
{
    if (!(atLeast > 1e-6)) atLeast = 1e-6; // also NaN
    const double power = std::pow(10.0, std::floor(std::log10(atLeast)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * power >= atLeast) return m * power;
    return 10.0 * power;
}

} // namespace railforge::app
