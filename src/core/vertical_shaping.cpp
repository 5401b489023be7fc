#include "core/vertical_shaping.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::core {
namespace {

// A loop's samples three times over, so a shape reaching round the seam is seen whole; the middle
// copy is the answer.
std::vector<double> thrice(const std::vector<double> &z)
{
    std::vector<double> out;
    out.reserve(3 * z.size());
    for (int copy = 0; copy < 3; ++copy) out.insert(out.end(), z.begin(), z.end());
    return out;
}

std::vector<double> middleThird(const std::vector<double> &z)
{
    const std::size_t n = z.size() / 3;
    return {z.begin() + std::ptrdiff_t(n), z.begin() + std::ptrdiff_t(2 * n)};
}

} // namespace

std::vector<double> crestsRounded(const std::vector<double> &z, double spacing, double bend, double slope, bool closed)
{
    if (z.empty() || !(bend > 0) || !(spacing > 0)) return z;
    if (closed) return middleThird(crestsRounded(thrice(z), spacing, bend, slope, false));
    const double reach = std::max(slope, 0.0) / bend;
    const std::size_t radius = std::size_t(std::ceil(reach / spacing));
    const std::size_t n = z.size();
    std::vector<double> drop(radius + 1); // the parabola's fall k samples away
    for (std::size_t k = 0; k <= radius; ++k) drop[k] = 0.5 * bend * (double(k) * spacing) * (double(k) * spacing);
    std::vector<double> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        double best = z[i];
        const std::size_t from = i > radius ? i - radius : 0, to = std::min(n - 1, i + radius);
        for (std::size_t j = from; j <= to; ++j) best = std::max(best, z[j] - drop[i > j ? i - j : j - i]);
        out[i] = best;
    }
    return out;
}

std::vector<double> valleysFilled(const std::vector<double> &z, double spacing, double bend, bool closed)
{
    if (z.size() < 3 || !(bend > 0) || !(spacing > 0)) return z;
    if (closed) return middleThird(valleysFilled(thrice(z), spacing, bend, false));
    const std::size_t n = z.size();
    // Measured from the middle so the parabola's values stay small beside the heights.
    const double mid = 0.5 * double(n - 1) * spacing;
    auto lift = [&](std::size_t i) {
        const double s = double(i) * spacing - mid;
        return 0.5 * bend * s * s;
    };
    std::vector<double> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = z[i] - lift(i);
    // The upper hull, left to right (Andrew's monotone chain): a vertex stays while the turn is clockwise.
    std::vector<std::size_t> hull;
    for (std::size_t i = 0; i < n; ++i) {
        while (hull.size() >= 2) {
            const std::size_t a = hull[hull.size() - 2], b = hull.back();
            // b is under the chord from a to i (or on it): not a hull vertex.
            const double cross = double(b - a) * (h[i] - h[a]) - double(i - a) * (h[b] - h[a]);
            if (cross >= 0)
                hull.pop_back();
            else
                break;
        }
        hull.push_back(i);
    }
    std::vector<double> out(n);
    for (std::size_t k = 0; k + 1 < hull.size(); ++k) {
        const std::size_t a = hull[k], b = hull[k + 1];
        for (std::size_t i = a; i <= b; ++i) {
            const double f = b > a ? double(i - a) / double(b - a) : 0.0;
            out[i] = std::max(z[i], h[a] + (h[b] - h[a]) * f + lift(i));
        }
    }
    if (hull.size() == 1) out = z;
    return out;
}

} // namespace railforge::core
