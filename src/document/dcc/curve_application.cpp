#include "document/dcc/curve_application.h"

#include "core/arc_length.h"
#include "core/spline.h"
#include "document/dcc/curve_distance.h"
#include "document/merge/point_alignment.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

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

// "0.46 m": a distance for a note.
std::string metres(double d)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g m", d);
    return buffer;
}

const char *kindWords(SplineKind kind)
{
    return kind == SplineKind::Linear ? "linear" : kind == SplineKind::Bezier ? "Bezier" : "Catmull-Rom";
}

// A new rail from a curve: linear from a Poly spline, else Bezier with Blender's handles.
Rail newRail(const ImportedCurve &c, const std::string &id)
{
    Rail rail;
    rail.id = id;
    rail.spline = c.spline == BlenderSpline::Poly ? SplineKind::Linear : SplineKind::Bezier;
    rail.frame = c.frame;
    rail.closed = c.closed;
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        rail.points.push_back(c.points[i].co);
        insertPointExtras(rail, i);
    }
    for (std::size_t i = 0; i < c.points.size(); ++i) {
        if (rail.spline == SplineKind::Bezier) setPointHandles(rail, i, handlesOf(c.points[i]));
        setPointTilt(rail, i, c.points[i].tilt);
    }
    compactPointExtras(rail);
    return rail;
}

// Blender's positions, each that is the rail's own point to single precision put exactly there, so
// the alignment below finds unchanged points unchanged.
std::vector<Vec3> snappedPositions(const Rail &rail, const ImportedCurve &c)
{
    using Key = std::tuple<float, float, float>;
    std::multimap<Key, std::size_t> at;
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        const Vec3 &p = rail.points[i];
        at.emplace(Key{float(p.x), float(p.y), float(p.z)}, i);
    }
    std::vector<Vec3> out;
    out.reserve(c.points.size());
    for (std::size_t j = 0; j < c.points.size(); ++j) {
        const CurvePoint &p = c.points[j];
        Vec3 position = p.co;
        const auto [first, last] = at.equal_range(Key{float(p.co.x), float(p.co.y), float(p.co.z)});
        for (auto it = first; it != last; ++it)
            if (near(rail.points[it->second], p.co)) {
                position = rail.points[it->second];
                break;
            }
        // Not at a float32 key (an object transform's own float32 arithmetic): the point in the same
        // place in order, when it is near. Never a search of every point: a rail of 60,000 points
        // with all of them moved would make that quadratic.
        if (position == p.co && j < rail.points.size() && near(rail.points[j], p.co)) position = rail.points[j];
        out.push_back(position);
    }
    return out;
}

// Arc length at each point of a rail.
std::vector<double> pointArcLengths(const Rail &rail)
{
    const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(rail));
    std::vector<double> s(rail.points.size(), 0.0);
    for (std::size_t i = 1; i < rail.points.size() && i - 1 < segments.size(); ++i)
        s[i] = s[i - 1] + core::bezierArcLength(segments[i - 1]);
    return s;
}

double distanceToBlender(const Rail &rail, const ImportedCurve &c)
{
    return curveDistance(core::toBeziers(railCurve(rail)), rail.closed, blenderSegments(c), c.closed);
}

struct Updated {
    Rail rail;
    std::string note;
};

// The rail with what the curve changed; the same rail when nothing moved beyond float precision.
Updated updated(const Rail &rail, const ImportedCurve &c)
{
    const std::size_t n = rail.points.size(), m = c.points.size();
    const std::vector<Vec3> side = snappedPositions(rail, c);
    const PointAlignment align = alignPoints(rail.points, side);
    bool reshaped = m != n; // points added or removed
    for (std::size_t j = 0; j < m && !reshaped; ++j) reshaped = align[j] != j;
    const std::vector<core::BezierKnot> knots = core::toBezierKnots(railCurve(rail));

    Rail out = rail;
    out.closed = c.closed;
    out.frame = c.frame;
    if (reshaped) {
        // BASE's points Blender no longer has go (their channel keys stay where they were along the
        // rail); Blender's new points come in between; every kept point keeps its extras and keys.
        std::vector<bool> kept(n, false);
        for (const auto &a : align)
            if (a) kept[*a] = true;
        const std::vector<double> s = pointArcLengths(rail);
        for (std::size_t i = n; i-- > 0;)
            if (!kept[i]) {
                erasePointExtras(out, i, s[i]);
                out.points.erase(out.points.begin() + std::ptrdiff_t(i));
            }
        for (std::size_t j = 0; j < m; ++j)
            if (!align[j]) {
                out.points.insert(out.points.begin() + std::ptrdiff_t(j), side[j]);
                insertPointExtras(out, j);
            }
    }
    // An open rail's first `in` and last `out` shape nothing: Blender's may be anywhere.
    const auto counts = [&](std::size_t j, bool in) { return c.closed || (in ? j > 0 : j + 1 < m); };
    bool handlesTurned = false, moved = false;
    for (std::size_t j = 0; j < m; ++j) {
        const CurvePoint &p = c.points[j];
        const std::optional<std::size_t> i = align[j];
        if (!i || side[j] != rail.points[*i]) moved = true;
        out.points[j] = side[j];
        bool turned = !i;
        if (i) {
            // The handles turned when they moved otherwise than with their point. Compared where they
            // stand, not as offsets: each of Blender's coordinates is off by its float32 rounding, which
            // grows with the coordinate (far from the origin), not with the handle's length.
            const Vec3 oldIn = knots[*i].in - knots[*i].position, oldOut = knots[*i].out - knots[*i].position;
            turned =
                (counts(j, true) && !near(p.left, p.co + oldIn)) || (counts(j, false) && !near(p.right, p.co + oldOut));
        }
        if (turned) {
            handlesTurned = true;
            if (rail.spline == SplineKind::Bezier) setPointHandles(out, j, handlesOf(p));
        }
        if (!i || !near(p.tilt, pointTilt(rail, *i))) setPointTilt(out, j, p.tilt);
    }
    compactPointExtras(out);
    if (rail.spline == SplineKind::Bezier || !(moved || handlesTurned || reshaped)) return {out, ""};

    // A Catmull-Rom or linear rail: its type kept where its curve through Blender's points stays on
    // Blender's curve.
    const double kept = distanceToBlender(out, c);
    if (kept <= kBlenderShapeTolerance) return {out, ""};
    if (!reshaped && !handlesTurned)
        return {out, std::string("stays ") + kindWords(rail.spline) + ": its curve through the moved points leaves " +
                         "Blender's by up to " + metres(kept) +
                         " (RailForge rides its own curve; the add-on shows it after the export)"};
    if (rail.spline != SplineKind::Linear) {
        Rail linear = out;
        linear.spline = SplineKind::Linear;
        if (distanceToBlender(linear, c) <= kBlenderShapeTolerance)
            return {linear, "became linear: Blender's spline is straight from point to point"};
    }
    Rail bezier = out;
    bezier.spline = SplineKind::Bezier;
    for (std::size_t j = 0; j < m; ++j) setPointHandles(bezier, j, handlesOf(c.points[j]));
    compactPointExtras(bezier);
    return {bezier, std::string("became Bezier to keep Blender's shape (as ") + kindWords(rail.spline) +
                        " through its points it would leave Blender's curve by up to " + metres(kept) + ")"};
}

// Removes rail `id` as deleting it in the editor does: its links leave junctions; a junction on it,
// or left with no links, goes too.
void removeRail(Level &level, const std::string &id)
{
    std::erase_if(level.rails, [&](const Rail &r) { return r.id == id; });
    for (Junction &j : level.junctions) {
        std::erase_if(j.links, [&](const JunctionLink &l) { return l.rail == id; });
        if (j.defaultWay == id) j.defaultWay.clear();
    }
    std::erase_if(level.junctions, [&](const Junction &j) { return j.rail == id || j.links.empty(); });
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

std::vector<core::CubicBezier> blenderSegments(const ImportedCurve &curve)
{
    std::vector<core::CubicBezier> out;
    const std::size_t n = curve.points.size();
    const std::size_t count = n < 2 ? 0 : curve.closed ? n : n - 1;
    for (std::size_t i = 0; i < count; ++i) {
        const CurvePoint &a = curve.points[i], &b = curve.points[(i + 1) % n];
        out.push_back({{a.co, a.right, b.left, b.co}});
    }
    return out;
}

CurvesApplied applyCurves(const Level &level, const CurvesFile &file, const ApplyOptions &options)
{
    CurvesApplied result;
    result.targets = resolveCurveTargets(level, file.curves);
    for (const CurveTarget &t : result.targets)
        if (!t.renameTo.empty()) result.renamed.push_back({NamedKind::Rail, t.railId, t.renameTo});
    result.renamedOnly = level;
    applyRenames(result.renamedOnly, result.renamed);
    result.level = result.renamedOnly;

    std::set<std::string> written;
    for (std::size_t k = 0; k < file.curves.size(); ++k) {
        const ImportedCurve &c = file.curves[k];
        const CurveTarget &t = result.targets[k];
        const std::string id = t.renameTo.empty() ? t.railId : t.renameTo;
        written.insert(t.railId);
        if (t.isNew) {
            result.level.rails.push_back(newRail(c, id));
            result.added.push_back(id);
            continue;
        }
        Rail &rail = result.level.rails[std::size_t(findRail(result.level, id))];
        Updated next = updated(rail, c);
        if (!next.note.empty()) result.notes.push_back({id, next.note});
        if (next.rail == rail) {
            if (t.renameTo.empty()) ++result.unchanged;
        } else {
            rail = std::move(next.rail);
            result.changed.push_back(id);
        }
    }
    if (file.sceneRails) {
        const std::set<std::string> inScene(file.sceneRails->begin(), file.sceneRails->end());
        for (const Rail &r : level.rails) {
            if (written.count(r.id) || inScene.count(r.id)) continue;
            if (options.deleteMissing) {
                removeRail(result.level, r.id);
                result.deleted.push_back(r.id);
            } else {
                result.missing.push_back(r.id);
            }
        }
    }
    return result;
}

} // namespace railforge::document
