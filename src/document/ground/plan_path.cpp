#include "document/ground/plan_path.h"

#include "document/model/rail_geometry.h"

namespace railforge::document {
namespace {

// The pieces a segment is cut into: at least every `step` along its control polygon, 8 to 200,000.
int piecesOf(const core::CubicBezier &b, double step)
{
    const double hull = core::length(b.p[1] - b.p[0]) + core::length(b.p[2] - b.p[1]) + core::length(b.p[3] - b.p[2]);
    return int(std::clamp(std::ceil(hull / step), 8.0, 200000.0));
}

} // namespace

double planPathVertices(const Rail &rail, double step)
{
    double vertices = 1;
    for (const core::CubicBezier &b : core::toBeziers(railCurve(rail))) vertices += piecesOf(b, step);
    return vertices;
}

PlanPath planPathOf(const Rail &rail, double step)
{
    PlanPath path;
    path.closed = rail.closed;
    const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(rail));
    if (segments.empty()) return path;
    path.p.push_back(segments.front().p[0]);
    path.s.push_back(0.0);
    double s = 0.0;
    for (const core::CubicBezier &b : segments) {
        path.pointS.push_back(s);
        const int pieces = piecesOf(b, step);
        for (int j = 1; j <= pieces; ++j) {
            const core::Vec3 q = core::evaluate(b, double(j) / pieces);
            s += std::hypot(q.x - path.p.back().x, q.y - path.p.back().y);
            path.p.push_back(q);
            path.s.push_back(s);
        }
    }
    if (!rail.closed) path.pointS.push_back(s);
    path.length = s;
    return path;
}

} // namespace railforge::document
