#include "line_of_sight.h"

namespace railforge::lineofsight {

std::vector<std::size_t> keptIndices(const std::vector<Vec3> &points, bool closed, const ClearFn &isClear)
{
    const std::size_t n = points.size();
    std::vector<std::size_t> kept;
    if (n < 3) {
        for (std::size_t i = 0; i < n; ++i) kept.push_back(i);
        return kept;
    }
    // Closed loops walk one extra step, index n standing for P0 again.
    const std::size_t last = closed ? n : n - 1;
    const auto at = [&](std::size_t i) -> const Vec3 & { return points[i == n ? 0 : i]; };
    kept.push_back(0);
    std::size_t anchor = 0;
    while (anchor < last) {
        std::size_t j = anchor + 1; // kept even when the step to it is blocked
        while (j < last && isClear(at(anchor), at(j + 1))) ++j;
        kept.push_back(j);
        anchor = j;
    }
    if (closed) kept.pop_back(); // the closing P0
    return kept;
}

std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, const ClearFn &isClear)
{
    const std::vector<std::size_t> kept = keptIndices(points, closed, isClear);
    std::vector<Vec3> out;
    out.reserve(kept.size());
    for (std::size_t i : kept) out.push_back(points[i]);
    return out;
}

} // namespace railforge::lineofsight
