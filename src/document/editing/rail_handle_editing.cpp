#include "document/editing/rail_handle_editing.h"

#include "core/arc_length.h"
#include "core/frames.h"
#include "document/checks/edit_rules.h"
#include "document/editing/change_objects_command.h"
#include "document/editing/level_editing.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/model/rail_shape_geometry.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>

namespace railforge::document {
namespace {

QString tr(const char *text) { return QCoreApplication::translate("RailHandleEditing", text); }

// The auto handles point i would have (its neighbours' positions decide them, not their modes).
PointHandles autoHandles(const Rail &rail, std::size_t i)
{
    Rail asAuto = rail;
    setPointHandles(asAuto, i, PointHandles{});
    PointHandles h = core::effectiveHandles(railCurve(asAuto), i);
    h.mode = HandleMode::Auto;
    return h;
}

} // namespace

PointHandles shownHandles(const Rail &rail, std::size_t i)
{
    if (i >= rail.points.size()) return {};
    return core::effectiveHandles(railCurve(rail), i);
}

Rail withHandleMoved(const Rail &rail, std::size_t i, HandleSide side, Vec3 offset, bool breakFree)
{
    Rail out = rail;
    if (rail.spline != SplineKind::Bezier || i >= rail.points.size() || !core::isFinite(offset)) return out;
    PointHandles h = shownHandles(rail, i);
    if (h.mode == HandleMode::Corner && !breakFree) return out;
    if (breakFree)
        h.mode = HandleMode::Free;
    else if (h.mode == HandleMode::Auto)
        h.mode = HandleMode::Aligned; // pulling an auto handle shapes it
    Vec3 &mine = side == HandleSide::In ? h.in : h.out;
    Vec3 &other = side == HandleSide::In ? h.out : h.in;
    mine = offset;
    if (h.mode == HandleMode::Mirrored) {
        other = Vec3{} - offset;
    } else if (h.mode == HandleMode::Aligned) {
        // Opposite direction, own length; a zero-length drag has no direction to follow.
        const Vec3 direction = core::unitOrZero(offset);
        if (direction != Vec3{}) other = direction * -core::length(other);
    }
    setPointHandles(out, i, h);
    return out;
}

Rail withHandleMode(const Rail &rail, std::size_t i, HandleMode mode)
{
    Rail out = rail;
    if (rail.spline != SplineKind::Bezier || i >= rail.points.size()) return out;
    PointHandles h = shownHandles(rail, i);
    if (h.mode == mode) return out;
    if (h.in == Vec3{} && h.out == Vec3{}) { // from a corner: something to pull
        const PointHandles a = autoHandles(rail, i);
        h.in = a.in;
        h.out = a.out;
    }
    h.mode = mode;
    switch (mode) {
    case HandleMode::Auto:
    case HandleMode::Corner: h.in = h.out = Vec3{}; break;
    case HandleMode::Mirrored: h.in = Vec3{} - h.out; break;
    case HandleMode::Aligned: {
        const Vec3 direction = core::unitOrZero(h.out);
        if (direction != Vec3{}) h.in = direction * -core::length(h.in);
        break;
    }
    case HandleMode::Free: break;
    }
    setPointHandles(out, i, h);
    return out;
}

Rail withSplineKind(const Rail &rail, SplineKind kind)
{
    Rail out = rail;
    if (rail.spline == kind) return out;
    out.spline = kind;
    out.handles.clear();
    if (kind == SplineKind::Bezier && rail.spline == SplineKind::Linear)
        for (std::size_t i = 0; i < out.points.size(); ++i) setPointHandles(out, i, {HandleMode::Corner, {}, {}});
    return out;
}

Rail withOwnHandles(const Rail &rail)
{
    Rail out = rail;
    const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(rail));
    out.spline = SplineKind::Bezier;
    out.handles.clear();
    const std::size_t n = rail.points.size();
    for (std::size_t i = 0; i < n; ++i) {
        PointHandles h{HandleMode::Aligned, {}, {}};
        if (i < segments.size()) h.out = segments[i].p[1] - rail.points[i];
        const std::size_t arriving = i > 0 ? i - 1 : (rail.closed ? segments.size() - 1 : segments.size());
        if (arriving < segments.size()) h.in = segments[arriving].p[2] - rail.points[i];
        // Opposite within a relative 1e-9: the curve turns there, so each handle is its own.
        const Vec3 c = core::cross(h.in, h.out);
        const double scale = core::length(h.in) * core::length(h.out);
        if (core::length(c) > 1e-9 * scale || core::dot(h.in, h.out) > 0) h.mode = HandleMode::Free;
        setPointHandles(out, i, h);
    }
    return out;
}

std::string splineChangeWarning(const Rail &rail, SplineKind kind)
{
    if (rail.spline != SplineKind::Bezier || kind == SplineKind::Bezier) return {};
    std::size_t shaped = 0;
    std::size_t corners = 0;
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        const HandleMode m = pointHandles(rail, i).mode;
        shaped += m != HandleMode::Auto;
        corners += m == HandleMode::Corner;
    }
    if (kind == SplineKind::CatmullRom) {
        if (shaped == 0) return {};
        return std::to_string(shaped) + (shaped == 1 ? " point has" : " points have") +
               " its own handles (mirrored, aligned, free or corner). As catmull-rom every point is automatic: the "
               "curve next to them changes to the Catmull-Rom curve through the same points, and their handles are "
               "dropped.";
    }
    if (corners == rail.points.size()) return {}; // all corners: already straight lines
    return "As linear the rail runs in straight lines between its points: its curves and all handles are dropped.";
}

Rail withPointInserted(const Rail &rail, std::size_t segment, double u)
{
    Rail out = rail;
    const std::size_t n = rail.points.size();
    const core::Curve curve = railCurve(rail);
    if (segment >= core::segmentCount(curve) || !(u >= 0.0 && u <= 1.0)) return out;
    const auto geometry = geometryOfShape(rail);
    const double tiltHere =
        core::tiltAt(geometry->frames(), core::arcLengthAt(geometry->table(), {segment, u})) * 180.0 / M_PI;
    const core::CubicBezier whole = core::segmentBezier(curve, segment);
    const core::CubicBezier left = core::subBezier(whole, 0.0, u);
    const core::CubicBezier right = core::subBezier(whole, u, 1.0);
    const Vec3 at = left.p[3];
    const std::size_t i = segment;
    const std::size_t j = (segment + 1) % n;
    // The ends' handles as the curve uses them now, before anything moves.
    PointHandles hi = shownHandles(rail, i);
    PointHandles hj = shownHandles(rail, j);
    out.points.insert(out.points.begin() + std::ptrdiff_t(i + 1), at);
    insertPointExtras(out, i + 1);
    const double tilt = std::abs(tiltHere) < 1e-9 ? 0.0 : tiltHere;
    if (tilt != 0.0) setPointTilt(out, i + 1, tilt);
    if (rail.spline != SplineKind::Bezier) return out;
    // Freeze a handle pair: aligned when it is (auto and mirrored pairs are), free otherwise; corners stay.
    const auto frozen = [](PointHandles h) {
        if (h.mode == HandleMode::Corner || h.mode == HandleMode::Free) return h;
        h.mode = handlesOpposite(h.in, h.out) ? HandleMode::Aligned : HandleMode::Free;
        return h;
    };
    hi.out = left.p[1] - rail.points[i];
    hj.in = right.p[2] - rail.points[j];
    const PointHandles middle{handlesOpposite(left.p[2] - at, right.p[1] - at) ? HandleMode::Aligned : HandleMode::Free,
                              left.p[2] - at, right.p[1] - at};
    setPointHandles(out, i, frozen(hi));
    setPointHandles(out, i + 1, middle);
    setPointHandles(out, j == 0 ? 0 : j + 1, frozen(hj));
    return out;
}

bool insertRailPointOnCurve(LevelDocument &document, const std::string &rail, std::size_t segment, double u)
{
    return editRail(
        document, rail, [&](const Rail &r) { return withPointInserted(r, segment, u); }, tr("Insert rail point"));
}

std::string moveRailHandle(LevelDocument &document, const std::string &rail, std::size_t point, HandleSide side,
                           Vec3 offset, bool breakFree, int mergeKey)
{
    for (double v : {offset.x, offset.y, offset.z})
        if (std::string why = whyBadCoordinate(v, "a handle offset"); !why.empty()) return why;
    if (!findObject(document.level(), {ObjectKind::Rail, rail})) return "there is no rail '" + rail + "'";
    editRail(
        document, rail, [&](const Rail &r) { return withHandleMoved(r, point, side, offset, breakFree); },
        tr("Move rail handle"), mergeKey);
    return {};
}

bool setRailHandleMode(LevelDocument &document, const std::string &rail, std::size_t point, HandleMode mode)
{
    return editRail(
        document, rail, [&](const Rail &r) { return withHandleMode(r, point, mode); },
        tr("Rail point handles: %1").arg(QString::fromLatin1(handleModeName(mode))));
}

std::string setRailPointTilt(LevelDocument &document, const std::string &rail, std::size_t point, double degrees,
                             int mergeKey)
{
    if (std::string why = whyBadTilt(degrees); !why.empty()) return why;
    const auto at = findObject(document.level(), {ObjectKind::Rail, rail});
    if (!at || point >= document.level().rails[at->index].points.size())
        return "there is no point " + std::to_string(point) + " on rail '" + rail + "'";
    editRail(
        document, rail,
        [&](const Rail &r) {
            Rail out = r;
            setPointTilt(out, point, degrees);
            return out;
        },
        tr("Rail point tilt"), mergeKey);
    return {};
}

bool setRailSpline(LevelDocument &document, const std::string &rail, SplineKind kind)
{
    return editRail(
        document, rail, [&](const Rail &r) { return withSplineKind(r, kind); },
        tr("Rail %1: %2").arg(QString::fromStdString(rail), QString::fromLatin1(splineKindName(kind))));
}

} // namespace railforge::document
