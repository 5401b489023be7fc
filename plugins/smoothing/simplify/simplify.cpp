#include "simplify.h"

#include <algorithm>
#include <utility>

namespace railforge::simplify {

namespace {

using core::dot;
using core::lengthSquared;

// A stretch of the path between two kept points, still to be examined.
struct Range {
    std::size_t first, last;
};

// Marks in keep[] the points RDP keeps strictly between `first` and `last` (both already kept).
// at(i) gives point i; `stack` is scratch space reused across calls.
template <typename At>
void simplifyRange(const At &at, Range whole, double epsilonSquared, std::vector<char> &keep, std::vector<Range> &stack)
{
    stack.clear();
    stack.push_back(whole);
    while (!stack.empty()) {
        const Range r = stack.back();
        stack.pop_back();
        if (r.last - r.first < 2) continue;
        const Vec3 a = at(r.first);
        const Vec3 ab = at(r.last) - a;
        const double abSquared = lengthSquared(ab);
        double farthest = -1.0;
        std::size_t index = r.first;
        for (std::size_t i = r.first + 1; i < r.last; ++i) {
            // Squared distance to the closest point of segment ab (a itself when the segment is a point).
            const Vec3 w = at(i) - a;
            const double t = abSquared > 0.0 ? std::clamp(dot(w, ab) / abSquared, 0.0, 1.0) : 0.0;
            const double d2 = lengthSquared(w - t * ab);
            if (d2 > farthest) {
                farthest = d2;
                index = i;
            }
        }
        if (farthest > epsilonSquared) {
            keep[index] = 1;
            stack.push_back({r.first, index});
            stack.push_back({index, r.last});
        }
    }
}

} // namespace

std::vector<std::size_t> keptIndices(const std::vector<Vec3> &points, bool closed, double epsilon)
{
    const std::size_t n = points.size();
    std::vector<std::size_t> kept;
    if (n < 3) {
        for (std::size_t i = 0; i < n; ++i) kept.push_back(i);
        return kept;
    }
    const double e = epsilon > 0.0 ? epsilon : 0.0;
    const double epsilonSquared = e * e;
    std::vector<Range> stack;
    // keep[n] stands for the closing repeat of P0 on closed loops.
    std::vector<char> keep(n + 1, 0);
    keep[0] = 1;
    if (!closed) {
        keep[n - 1] = 1;
        simplifyRange([&](std::size_t i) { return points[i]; }, {0, n - 1}, epsilonSquared, keep, stack);
    } else {
        std::size_t split = 0;
        double farthest = 0.0;
        for (std::size_t i = 1; i < n; ++i) {
            const double d2 = lengthSquared(points[i] - points[0]);
            if (d2 > farthest) {
                farthest = d2;
                split = i;
            }
        }
        if (split == 0) return {0}; // every point is P0
        keep[split] = 1;
        const auto at = [&](std::size_t i) { return points[i == n ? 0 : i]; };
        simplifyRange(at, {0, split}, epsilonSquared, keep, stack);
        simplifyRange(at, {split, n}, epsilonSquared, keep, stack);
    }
    for (std::size_t i = 0; i < n; ++i)
        if (keep[i]) kept.push_back(i);
    return kept;
}

std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, double epsilon)
{
    const std::vector<std::size_t> kept = keptIndices(points, closed, epsilon);
    std::vector<Vec3> out;
    out.reserve(kept.size());
    for (std::size_t i : kept) out.push_back(points[i]);
    return out;
}

} // namespace railforge::simplify
