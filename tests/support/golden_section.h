// Golden-section search: the slow, obviously-correct minimiser the geometry references use.
#pragma once

#include <cmath>

namespace railforge::testing {

// Where f takes its smallest value on [lo, hi] (f unimodal there), and that value.
struct Minimum {
    double at = 0.0;
    double value = 0.0;
};

// Shrinks [lo, hi] by the golden ratio `iterations` times (80 reach double precision on [0, 1]).
template <typename F>
Minimum goldenSectionMinimum(F f, double lo, double hi, int iterations = 90)
{
    const double g = (std::sqrt(5.0) - 1.0) / 2.0;
    double x1 = hi - g * (hi - lo);
    double x2 = lo + g * (hi - lo);
    double f1 = f(x1);
    double f2 = f(x2);
    for (int k = 0; k < iterations; ++k) {
        if (f1 < f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = f(x2);
        }
    }
    return f1 < f2 ? Minimum{x1, f1} : Minimum{x2, f2};
}

} // namespace railforge::testing
