#include "document/editing/branch_alignment.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/tool_numbers.h"

#include <cmath>

namespace railforge::document {

void alignBranchEnd(Rail &branch, RailEnd end, const Rail &trunk, double trunkS)
{
    const std::size_t n = branch.points.size();
    if (n < 2 || trunk.points.size() < 2) return;
    const auto geometry = geometryOfShape(trunk);
    const core::ArcLengthTable &table = geometry->table();
    const core::FrameTable &frames = geometry->frames();
    const core::Vec3 tangent = core::sampleAt(table, trunkS).tangent;
    if (!(core::length(tangent) > 0.5)) return; // a trunk of no length has no direction to give
    const bool start = end == RailEnd::Start;
    const std::size_t at = start ? 0 : n - 1;
    const core::Vec3 p = branch.points[at];
    const core::Vec3 next = branch.points[start ? 1 : n - 2];
    // Along the trunk or against it: whichever way the branch heads off.
    const core::Vec3 away = core::dot(tangent, next - p) >= 0.0 ? tangent : -tangent;
    const double reach = core::distance(p, next) / 3.0;
    if (!(reach > 1e-9)) return;
    if (branch.spline == SplineKind::Bezier) {
        // The end's only handle along the trunk, a third of the way to the next point; aligned, so
        // the unused other handle keeps the line.
        PointHandles h = pointHandles(branch, at);
        h.mode = core::HandleMode::Aligned;
        const core::Vec3 handle = toolPoint(away * reach);
        (start ? h.out : h.in) = handle;
        (start ? h.in : h.out) = -handle;
        setPointHandles(branch, at, h);
    } else {
        // The end tangent of a Catmull-Rom (or linear) rail runs to its neighbour: a point on the
        // trunk's tangent a third of the way out makes the branch leave along it.
        const std::size_t index = start ? 1 : n - 1;
        branch.points.insert(branch.points.begin() + std::ptrdiff_t(index), toolPoint(p + away * reach));
        insertPointExtras(branch, index);
    }
    const std::size_t endIndex = start ? 0 : branch.points.size() - 1;
    setPointTilt(branch, endIndex, toolAngle(core::tiltAt(frames, trunkS) * 180.0 / M_PI));
}

} // namespace railforge::document
