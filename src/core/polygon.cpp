#include "core/polygon.h"

#include <algorithm>

namespace railforge::core {

double signedArea(const std::vector<Point2d> &polygon)
{
    double twice = 0.0;
    const std::size_t n = polygon.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Point2d &p = polygon[i];
        const Point2d &q = polygon[(i + 1) % n];
        twice += p.x * q.y - q.x * p.y;
    }
    return 0.5 * twice;
}

namespace {
double orient(Point2d a, Point2d b, Point2d c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

// c lies within the bounding box of ab (used once orientation says collinear).
bool withinBox(Point2d a, Point2d b, Point2d c)
{
    return std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= c.y &&
           c.y <= std::max(a.y, b.y);
}

int sign(double v) { return (v > 0) - (v < 0); }
} // namespace

bool segmentsIntersect(Point2d a, Point2d b, Point2d c, Point2d d)
{
    const int o1 = sign(orient(a, b, c));
    const int o2 = sign(orient(a, b, d));
    const int o3 = sign(orient(c, d, a));
    const int o4 = sign(orient(c, d, b));
    if (o1 != o2 && o3 != o4) return true;
    return (o1 == 0 && withinBox(a, b, c)) || (o2 == 0 && withinBox(a, b, d)) || (o3 == 0 && withinBox(c, d, a)) ||
           (o4 == 0 && withinBox(c, d, b));
}

std::optional<std::pair<std::size_t, std::size_t>> firstSelfIntersection(const std::vector<Point2d> &polygon)
{
    const std::size_t n = polygon.size();
    if (n < 4) return std::nullopt; // a triangle cannot cross itself (degenerate ones have zero area)
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 2; j < n; ++j) {
            if (i == 0 && j == n - 1) continue; // adjacent through the wrap
            if (segmentsIntersect(polygon[i], polygon[(i + 1) % n], polygon[j], polygon[(j + 1) % n]))
                return std::make_pair(i, j);
        }
    }
    return std::nullopt;
}

} // namespace railforge::core
