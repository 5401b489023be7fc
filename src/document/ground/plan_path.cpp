#include "document/ground/plan_path.h"

#include "document/model/rail_geometry.h"

namespace railforge::document {

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
        const double hull =
            core::length(b.p[1] - b.p[0]) + core::length(b.p[2] - b.p[1]) + core::length(b.p[3] - b.p[2]);
        const int pieces = int(std::clamp(std::ceil(hull / step), 8.0, 200000.0));
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
