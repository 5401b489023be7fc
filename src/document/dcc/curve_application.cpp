#include "document/dcc/curve_application.h"

#include "core/spline.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

#include <cmath>

namespace railforge::document {
namespace {

// Equal to within Blender's single precision (its coordinates are 32-bit floats).
bool near(double a, double b) { return std::abs(a - b) <= 1e-5 + 1e-6 * std::max(std::abs(a), std::abs(b)); }
bool near(const Vec3 &a, const Vec3 &b) { return near(a.x, b.x) && near(a.y, b.y) && near(a.z, b.z); }

PointHandles handlesOf(const CurvePoint &p)
{
    PointHandles h{handleModeOf(p.leftType, p.rightType), p.left - p.co, p.right - p.co};
    // Blender keeps aligned handles on one line to its single precision; RailForge's rule is exact:
    // the incoming handle is put exactly opposite the outgoing one, keeping its length.
    if (h.mode == HandleMode::Aligned && core::length(h.out) > 0.0)
        h.in = h.out * (-core::length(h.in) / core::length(h.out));
    return h;
}

// A new Bezier rail from a curve.
Rail newRail(const ImportedCurve &c)
{
    Rail rail;
    rail.id = c.id;
    rail.spline = SplineKind::Bezier;
    rail.frame = c.frame;
    rail.closed = c.closed;
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        rail.points.push_back(c.points[i].co);
        insertPointExtras(rail, i);
    }
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        setPointHandles(rail, i, handlesOf(c.points[i]));
        setPointTilt(rail, i, c.points[i].tilt);
    }
    compactPointExtras(rail);
    return rail;
}

// The rail with what the curve changed; the same rail when nothing moved beyond float precision.
Rail updated(const Rail &rail, const ImportedCurve &c)
{
    Rail out = rail;
    out.closed = c.closed;
    out.frame = c.frame;
    const std::size_t n = rail.points.size();
    if (c.points.size() != n) {
        // Points added or removed: the rail is the curve (a Bezier rail keeps Blender's handles).
        Rail fresh = newRail(c);
        fresh.spline = rail.spline == SplineKind::Bezier ? SplineKind::Bezier : rail.spline;
        if (fresh.spline != SplineKind::Bezier) fresh.handles.clear();
        fresh.alpha = rail.alpha;
        fresh.properties = rail.properties;
        fresh.channels = rail.channels;
        return fresh;
    }
    const std::vector<core::BezierKnot> knots = core::toBezierKnots(railCurve(rail));
    // An open rail's first `in` and last `out` shape nothing: Blender's may be anywhere.
    const auto counts = [&](std::size_t i, bool in) { return rail.closed || (in ? i > 0 : i + 1 < n); };
    bool handlesTurned = false;
    for (std::size_t i = 0; i < n; ++i) {
        const CurvePoint &p = c.points[i];
        const bool moved = !near(p.co, rail.points[i]);
        // The handles turned when they moved otherwise than with their point.
        const Vec3 oldIn = knots[i].in - knots[i].position, oldOut = knots[i].out - knots[i].position;
        const bool turned =
            (counts(i, true) && !near(p.left - p.co, oldIn)) || (counts(i, false) && !near(p.right - p.co, oldOut));
        if (moved) out.points[i] = p.co;
        if (turned) {
            handlesTurned = true;
            if (rail.spline == SplineKind::Bezier) setPointHandles(out, i, handlesOf(p));
        }
        if (!near(p.tilt, pointTilt(rail, i))) setPointTilt(out, i, p.tilt);
    }
    // A Catmull-Rom or linear rail whose handles were turned in Blender becomes a Bezier rail that
    // keeps every handle as Blender has it.
    if (handlesTurned && rail.spline != SplineKind::Bezier) {
        out.spline = SplineKind::Bezier;
        for (std::size_t i = 0; i < n; ++i) setPointHandles(out, i, handlesOf(c.points[i]));
    }
    compactPointExtras(out);
    return out;
}

} // namespace

HandleMode handleModeOf(const std::string &leftType, const std::string &rightType)
{
    if ((leftType == "AUTO" || leftType == "AUTO_CLAMPED") && (rightType == "AUTO" || rightType == "AUTO_CLAMPED"))
        return HandleMode::Auto;
    if (leftType == "VECTOR" && rightType == "VECTOR") return HandleMode::Corner;
    if (leftType == "ALIGNED" && rightType == "ALIGNED") return HandleMode::Aligned;
    return HandleMode::Free;
}

CurvesApplied applyCurves(const Level &level, const std::vector<ImportedCurve> &curves)
{
    CurvesApplied result{level, {}, {}, 0};
    for (const ImportedCurve &c : curves) {
        const int index = findRail(result.level, c.id);
        if (index < 0) {
            result.level.rails.push_back(newRail(c));
            result.added.push_back(c.id);
            continue;
        }
        Rail &rail = result.level.rails[std::size_t(index)];
        Rail next = updated(rail, c);
        if (next == rail) {
            ++result.unchanged;
        } else {
            rail = std::move(next);
            result.changed.push_back(c.id);
        }
    }
    return result;
}

} // namespace railforge::document
