#include "core/polyline.h"

namespace railforge::core {

double polylineLength(const std::vector<Vec3> &points, bool closed)
{
    double total = 0;
    for (std::size_t i = 1; i < points.size(); ++i) total += distance(points[i - 1], points[i]);
    if (closed && points.size() > 1) total += distance(points.back(), points.front());
    return total;
}

std::vector<CurveSample> polylineRows(const std::vector<Vec3> &points, bool closed)
{
    std::vector<Vec3> vertices = points;
    if (closed && vertices.size() > 1) vertices.push_back(points.front());
    const std::size_t n = vertices.size();
    std::vector<CurveSample> rows(n);
    // Unit direction of each segment; zero for zero-length ones, filled from neighbours below.
    std::vector<Vec3> direction(n > 0 ? n - 1 : 0);
    for (std::size_t i = 0; i + 1 < n; ++i) {
        direction[i] = unitOrZero(vertices[i + 1] - vertices[i]); // also for segments 1e-300 long
    }
    for (std::size_t i = 1; i < direction.size(); ++i)
        if (direction[i] == Vec3{}) direction[i] = direction[i - 1];
    for (std::size_t i = direction.size(); i-- > 1;)
        if (direction[i - 1] == Vec3{}) direction[i - 1] = direction[i];
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0) s += distance(vertices[i - 1], vertices[i]);
        rows[i].s = s;
        rows[i].position = vertices[i];
        rows[i].tangent = direction.empty() ? Vec3{} : direction[std::min(i, direction.size() - 1)];
    }
    return rows;
}

} // namespace railforge::core
