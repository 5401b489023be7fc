#include "core/grade_envelope.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {

std::vector<double> gradeEnvelope(const std::vector<double> &s, const std::vector<double> &floor, double slope)
{
    // A cone reaches i from the left through i-1 (its value there less the slope over the gap) and
    // from the right through i+1; one pass each way carries every cone to every sample.
    std::vector<double> z = floor;
    const std::size_t n = z.size();
    for (std::size_t i = 1; i < n; ++i) z[i] = std::max(z[i], z[i - 1] - slope * (s[i] - s[i - 1]));
    for (std::size_t i = n; i-- > 1;) z[i - 1] = std::max(z[i - 1], z[i] - slope * (s[i] - s[i - 1]));
    return z;
}

std::vector<double> gradeEnvelopeClosed(const std::vector<double> &s, const std::vector<double> &floor, double slope,
                                        double period)
{
    std::vector<double> z = floor;
    const std::size_t n = z.size();
    if (n < 2) return z;
    // Twice round each way: a cone's apex may lie anywhere, the seam included, and within two laps
    // it has reached every sample from both sides.
    auto gap = [&](std::size_t from, std::size_t to) { return to == 0 ? period - s[from] + s[0] : s[to] - s[from]; };
    for (std::size_t k = 1; k <= 2 * n; ++k) {
        const std::size_t i = k % n, before = (k - 1) % n;
        z[i] = std::max(z[i], z[before] - slope * gap(before, i));
    }
    for (std::size_t k = 2 * n; k-- > 0;) {
        const std::size_t i = k % n, after = (k + 1) % n;
        z[i] = std::max(z[i], z[after] - slope * gap(i, after));
    }
    return z;
}

std::vector<double> movingAverage(const std::vector<double> &values, std::size_t radius, AverageEnds ends)
{
    const std::ptrdiff_t n = std::ptrdiff_t(values.size());
    if (n == 0 || radius == 0) return values;
    // Pinned ends mirror at most the whole sequence, so the mean at an end is exactly its value.
    const std::ptrdiff_t r =
        ends == AverageEnds::Pin ? std::min(std::ptrdiff_t(radius), n - 1) : std::ptrdiff_t(radius);
    auto at = [&](std::ptrdiff_t i) -> double {
        if (i >= 0 && i < n) return values[std::size_t(i)];
        switch (ends) {
        case AverageEnds::Wrap: return values[std::size_t(((i % n) + n) % n)];
        case AverageEnds::Hold: return values[i < 0 ? 0 : std::size_t(n - 1)];
        case AverageEnds::Pin: {
            // Mirrored through the end point (the radius is at most n - 1, so the mirror is inside).
            if (i < 0) return 2 * values[0] - values[std::size_t(-i)];
            return 2 * values[std::size_t(n - 1)] - values[std::size_t(2 * (n - 1) - i)];
        }
        }
        return 0.0;
    };
    // A running sum; re-summed every 4096 steps so rounding does not build up along long rails.
    std::vector<double> out(values.size());
    double sum = 0.0;
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        if (i % 4096 == 0) {
            sum = 0.0;
            for (std::ptrdiff_t k = i - r; k <= i + r; ++k) sum += at(k);
        } else {
            sum += at(i + r) - at(i - r - 1);
        }
        out[std::size_t(i)] = sum / double(2 * r + 1);
    }
    return out;
}

std::size_t averagingRadius(double slope, double spacing, double shift)
{
    if (!(slope > 0) || !(spacing > 0)) return 0;
    const double budget = shift / (slope * spacing);
    std::size_t r = 0;
    while (r < 100000 && double(r + 1) * double(r + 2) / double(2 * r + 3) <= budget) ++r;
    return r;
}

} // namespace railforge::core
