#include "core/roll_rate.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::core {
namespace {

// Smoothstep's steepest slope over its mean slope.
constexpr double kSmoothstepPeak = 1.5;

// The lowest upper envelope: min over j of (value[j] + distance(i, j)) in the steps' metric, by a
// pass each way (twice round a closed rail, so every path round the loop is counted).
std::vector<double> upperEnvelope(std::vector<double> v, const std::vector<double> &steps, bool closed)
{
    const std::size_t n = v.size();
    if (n < 2) return v;
    const std::size_t rounds = closed ? 2 : 1;
    for (std::size_t r = 0; r < rounds; ++r) {
        for (std::size_t i = 1; i < n; ++i) v[i] = std::min(v[i], v[i - 1] + steps[i - 1]);
        if (closed) v[0] = std::min(v[0], v[n - 1] + steps[n - 1]);
    }
    for (std::size_t r = 0; r < rounds; ++r) {
        for (std::size_t i = n - 1; i-- > 0;) v[i] = std::min(v[i], v[i + 1] + steps[i]);
        if (closed) v[n - 1] = std::min(v[n - 1], v[0] + steps[n - 1]);
    }
    return v;
}

std::vector<double> negated(std::vector<double> v)
{
    for (double &x : v) x = -x;
    return v;
}

} // namespace

double maxTiltStep(double metres, double degreesPerMetre) { return degreesPerMetre * metres / kSmoothstepPeak; }

double peakRollRate(double degrees, double metres)
{
    if (degrees == 0.0) return 0.0;
    return metres > 0.0 ? kSmoothstepPeak * std::abs(degrees) / metres : std::numeric_limits<double>::infinity();
}

std::vector<double> withinSteps(const std::vector<double> &wanted, const std::vector<double> &steps, bool closed,
                                const std::vector<bool> &fixed)
{
    const std::size_t n = wanted.size();
    const std::vector<double> upper = upperEnvelope(wanted, steps, closed);
    const std::vector<double> lower = negated(upperEnvelope(negated(wanted), steps, closed));
    std::vector<double> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = 0.5 * (upper[i] + lower[i]);
    if (std::find(fixed.begin(), fixed.end(), true) == fixed.end()) return out;
    // The bounds the fixed values set: within the steps of every one of them.
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::vector<double> high(n, inf), low(n, inf);
    for (std::size_t i = 0; i < n; ++i)
        if (fixed[i]) {
            high[i] = wanted[i];
            low[i] = -wanted[i];
        }
    high = upperEnvelope(std::move(high), steps, closed);
    low = negated(upperEnvelope(std::move(low), steps, closed));
    for (std::size_t i = 0; i < n; ++i) out[i] = fixed[i] ? wanted[i] : std::max(low[i], std::min(high[i], out[i]));
    return out;
}

} // namespace railforge::core
