#include "app/plan/point_handles.h"

namespace railforge::app {

std::vector<ShownHandle> shownHandleTips(const document::Rail &rail, std::size_t point)
{
    std::vector<ShownHandle> out;
    const std::size_t n = rail.points.size();
    if (rail.spline != document::SplineKind::Bezier || point >= n) return out;
    const document::PointHandles h = document::shownHandles(rail, point);
    if (h.mode == document::HandleMode::Corner) return out;
    const bool automatic = h.mode == document::HandleMode::Auto;
    const core::Vec3 at = rail.points[point];
    if ((rail.closed || point > 0) && h.in != core::Vec3{})
        out.push_back({document::HandleSide::In, at + h.in, automatic});
    if ((rail.closed || point + 1 < n) && h.out != core::Vec3{})
        out.push_back({document::HandleSide::Out, at + h.out, automatic});
    return out;
}

} // namespace railforge::app
