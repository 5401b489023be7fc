// Property test (RapidCheck) of Blender's curves merged three-way into a level (curve_merge.h,
// docs/blender.md "Three-way"). A random BASE (rail networks with junctions at ends and along rails,
// plus free rails of every spline kind, some closed, some far from the origin, Bezier points with
// every handle mode, tilts) is imported into Blender: one curve per rail, its Bezier knots in
// Blender's single precision, read as the curves file reads them. The rails are split at random into
// disjoint sets: the level on disk moves points and changes tilts of DISK rails (kept whole as the
// editor keeps it, saved over BASE's text), Blender moves points (with their handles) and sets tilts
// of BLENDER rails; the curves file still has every other rail as imported. Then:
// - the merge is clean, its text loads, and it equals both applied: each rail the disk changed is
//   OURS' exactly (Blender never undoes a disk-side change), each rail Blender changed is Blender's
//   curve applied to the level on disk (applyCurves), every other rail and all else is OURS';
// - the merge reports exactly the rails Blender changed and exactly those the disk changed;
// - with nothing edited on either side, the result is BASE's text byte for byte.
//
// RC_PARAMS="max_success=2000" runs more cases.
#include "document/dcc/curve_application.h"
#include "document/dcc/curve_merge.h"
#include "document/dcc/curves_file.h"
#include "document/editing/junction_keeping.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include "random_network.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <set>
#include <string>
#include <vector>

using namespace railforge;
using namespace railforge::document;

namespace {

// A coordinate as Blender holds it (float32) and the curves file reads it back.
double blenderFloat(double x) { return shortestFloat32(double(float(x))); }
Vec3 blenderFloat(const Vec3 &v) { return {blenderFloat(v.x), blenderFloat(v.y), blenderFloat(v.z)}; }

// A tilt in degrees as Blender holds it (float32 radians) and the add-on writes it (math.degrees).
double blenderTilt(double degrees)
{
    const double radians = double(float(degrees * std::numbers::pi / 180.0));
    return shortestFloat32Degrees(radians * 180.0 / std::numbers::pi);
}

std::string describe(const Vec3 &v)
{
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, "(%.17g, %.17g, %.17g)", v.x, v.y, v.z);
    return buffer;
}

// The curve the add-on writes for `rail` imported and left untouched.
ImportedCurve importedCurve(const Rail &rail)
{
    ImportedCurve c;
    c.id = c.name = c.importedName = rail.id;
    c.spline = BlenderSpline::Bezier;
    c.closed = rail.closed;
    c.frame = rail.frame;
    const std::vector<core::BezierKnot> knots = core::toBezierKnots(railCurve(rail));
    for (std::size_t i = 0; i < knots.size(); ++i)
        c.points.push_back({blenderFloat(knots[i].position), blenderFloat(knots[i].in), blenderFloat(knots[i].out),
                            "FREE", "FREE", blenderTilt(pointTilt(rail, i))});
    return c;
}

// Whether point i of `rail` may move without moving a junction or a linked end: not an end of the rail
// that a junction stands at or links, and not a point of a rail a junction stands along (its place
// would move with the rail's shape).
bool freePoint(const Level &level, const Rail &rail, std::size_t i)
{
    const bool first = i == 0 && !rail.closed, last = i + 1 == rail.points.size() && !rail.closed;
    for (const Junction &j : level.junctions) {
        if (j.rail == rail.id) {
            if (!j.end) return false;
            if ((*j.end == RailEnd::Start && first) || (*j.end == RailEnd::End && last)) return false;
        }
        for (const JunctionLink &link : j.links)
            if (link.rail == rail.id && ((link.end == RailEnd::Start && first) || (link.end == RailEnd::End && last)))
                return false;
    }
    return true;
}

// An offset along one axis: 0.5 to 5 units either way (a half is exact in float32 and double).
Vec3 randomOffset()
{
    const double d = *rc::gen::inRange(1, 11) / 2.0 * *rc::gen::element(-1.0, 1.0);
    switch (*rc::gen::inRange(0, 3)) {
    case 0: return {d, 0, 0};
    case 1: return {0, d, 0};
    default: return {0, 0, d};
    }
}

// A free rail (no junction), of any spline kind, maybe closed; a Bezier one with every handle mode.
Rail freeRail(const std::string &id)
{
    Rail rail;
    rail.id = id;
    rail.spline = *rc::gen::element(SplineKind::Linear, SplineKind::CatmullRom, SplineKind::Bezier);
    rail.frame = *rc::gen::element(FrameMode::Upright, FrameMode::MinimalTwist);
    rail.closed = *rc::gen::inRange(0, 4) == 0;
    const int count = *rc::gen::inRange(rail.closed ? 3 : 2, 6);
    // Points along a walk with turns, so no two stand together; now and then far from the origin, where
    // Blender's float32 rounds coordinates to a few thousandths.
    const double far = *rc::gen::element(1.0, 1.0, 1.0, 25.0);
    core::Vec3 at{far * *rc::gen::inRange(-100, 100), far * *rc::gen::inRange(-100, 100),
                  double(*rc::gen::inRange(-5, 5))};
    double heading = *rc::gen::inRange(0, 360) * std::numbers::pi / 180;
    for (int k = 0; k < count; ++k) {
        rail.points.push_back(at);
        heading += *rc::gen::inRange(rail.closed ? 60 : -40, rail.closed ? 100 : 40) * std::numbers::pi / 180;
        const double step = *rc::gen::inRange(5, 40);
        at = {at.x + step * std::cos(heading), at.y + step * std::sin(heading), at.z + *rc::gen::inRange(-3, 3)};
    }
    if (rail.spline == SplineKind::Bezier)
        for (std::size_t i = 0; i < rail.points.size(); ++i) {
            const auto coordinate = [] { return *rc::gen::inRange(-40, 41) / 8.0; };
            const Vec3 out{coordinate(), coordinate(), coordinate()};
            const Vec3 in{coordinate(), coordinate(), coordinate()};
            PointHandles h;
            h.mode = *rc::gen::element(HandleMode::Auto, HandleMode::Mirrored, HandleMode::Aligned, HandleMode::Free,
                                       HandleMode::Corner);
            if (h.mode == HandleMode::Free) h = {h.mode, in, out};
            if (h.mode == HandleMode::Mirrored) h = {h.mode, out * -1.0, out};
            if (h.mode == HandleMode::Aligned) h = {h.mode, out * -(*rc::gen::inRange(1, 9) / 4.0), out};
            setPointHandles(rail, i, h);
        }
    return rail;
}

// BASE: a random network with at least two rails, a few free rails, tilts at some points.
Level randomBase()
{
    Level level = railforge::test::randomNetwork();
    const int extra = *rc::gen::inRange(level.rails.size() < 2 ? 1 : 0, 4);
    for (int k = 0; k < extra; ++k) level.rails.push_back(freeRail("f" + std::to_string(k)));
    for (Rail &r : level.rails)
        for (std::size_t i = 0; i < r.points.size(); ++i)
            if (*rc::gen::inRange(0, 5) == 0) setPointTilt(r, i, *rc::gen::inRange(-900, 900) / 10.0);
    for (Rail &r : level.rails) compactPointExtras(r);
    return level;
}

// Who edits each rail.
enum class Side { None, Disk, Blender };

std::set<std::string> asSet(const std::vector<std::string> &ids) { return {ids.begin(), ids.end()}; }

std::string listed(const std::set<std::string> &ids)
{
    std::string out;
    for (const auto &id : ids) out += (out.empty() ? "" : ", ") + id;
    return "{" + out + "}";
}

const Rail *railOf(const Level &level, const std::string &id)
{
    const int at = findRail(level, id);
    return at < 0 ? nullptr : &level.rails[std::size_t(at)];
}

void logRail(const char *what, const Rail *rail)
{
    if (!rail) {
        RC_LOG() << what << ": none\n";
        return;
    }
    RC_LOG() << what << ": " << rail->id << " " << splineKindName(rail->spline) << (rail->closed ? " closed" : "")
             << "\n";
    for (std::size_t i = 0; i < rail->points.size(); ++i) {
        const PointHandles h = pointHandles(*rail, i);
        RC_LOG() << "  " << describe(rail->points[i]) << " tilt " << pointTilt(*rail, i) << " "
                 << handleModeName(h.mode) << " in " << describe(h.in) << " out " << describe(h.out) << "\n";
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bool ok = rc::check("edits of disjoint rails on disk and in Blender merge into both", [] {
        // BASE, as the add-on imported it.
        const std::string baseText = writeLevel(randomBase());
        const LoadResult baseRead = readLevel(baseText, "base.yaml");
        RC_PRE(baseRead.level.has_value());
        const Level &base = *baseRead.level;
        CurvesFile imported;
        imported.sceneRails.emplace();
        for (const Rail &r : base.rails) {
            imported.curves.push_back(importedCurve(r));
            imported.sceneRails->push_back(r.id);
        }

        std::map<std::string, Side> side;
        for (const Rail &r : base.rails)
            side[r.id] = *rc::gen::element(Side::None, Side::Disk, Side::Disk, Side::Blender, Side::Blender);

        // The disk side: points moved and tilts set on DISK rails, then kept whole and saved.
        Level ours = base;
        // Now and then a move may take a junction's point along (the linked ends follow).
        const bool anyPoint = *rc::gen::inRange(0, 3) == 0;
        for (Rail &r : ours.rails) {
            if (side[r.id] != Side::Disk) continue;
            const int edits = *rc::gen::inRange(1, 4);
            for (int e = 0; e < edits; ++e) {
                // Ends more often when junctions' points may move.
                const std::size_t i = anyPoint && *rc::gen::inRange(0, 2) == 0
                                          ? *rc::gen::element(std::size_t(0), r.points.size() - 1)
                                          : std::size_t(*rc::gen::inRange(0, int(r.points.size())));
                if (*rc::gen::inRange(0, 3) == 0) {
                    const double tilt = *rc::gen::inRange(-720, 720) / 4.0;
                    RC_LOG() << "disk: tilt point " << i << " of " << r.id << " to " << tilt << "\n";
                    setPointTilt(r, i, tilt);
                } else if (anyPoint || freePoint(base, r, i)) {
                    const Vec3 d = randomOffset();
                    RC_LOG() << "disk: move point " << i << " of " << r.id << " by " << describe(d) << "\n";
                    r.points[i] += d;
                }
            }
        }
        keepLevelWhole(base, ours);
        const std::string oursText = rewriteLevel(baseText, ours, &base).text;
        const LoadResult oursRead = readLevel(oursText, "level.yaml");
        for (const Diagnostic &d : oursRead.diagnostics) RC_LOG() << formatDiagnostic(d) << "\n";
        RC_PRE(oursRead.level.has_value()); // a move made the level break a rule
        RC_ASSERT(*oursRead.level == ours);
        // The rails the disk changed: those edited, and linked ends that followed a junction's point.
        std::set<std::string> changedOnDisk;
        for (const Rail &r : ours.rails)
            if (!(r == *railOf(base, r.id))) changedOnDisk.insert(r.id);
        for (const std::string &id : changedOnDisk)
            if (side[id] != Side::Disk) RC_ASSERT(anyPoint); // only a junction's point moved takes others along
        RC_ASSERT(ours.junctions.size() == base.junctions.size());

        // Blender's side: points moved with their handles and tilts set on BLENDER rails the disk left
        // alone. A point moves in float32, as Blender moves it.
        CurvesFile curves = imported;
        CurvesFile blenderOnly;
        std::set<std::string> changedInBlender;
        for (ImportedCurve &c : curves.curves) {
            if (side[c.id] != Side::Blender || changedOnDisk.count(c.id)) continue;
            const Rail &rail = *railOf(base, c.id);
            const ImportedCurve before = c;
            // Each point's move in all (exact: halves): a point moved there and back is not an edit,
            // though its handles may come back a float32 step off (Blender's own arithmetic).
            std::vector<Vec3> moved(c.points.size());
            const int edits = *rc::gen::inRange(1, 4);
            for (int e = 0; e < edits; ++e) {
                const std::size_t i = std::size_t(*rc::gen::inRange(0, int(c.points.size())));
                CurvePoint &p = c.points[i];
                if (*rc::gen::inRange(0, 3) == 0) {
                    const double tilt = blenderTilt(*rc::gen::inRange(-180, 181));
                    RC_LOG() << "blender: tilt point " << i << " of " << c.id << " to " << tilt << "\n";
                    p.tilt = tilt;
                } else if (freePoint(base, rail, i)) {
                    const Vec3 d = randomOffset();
                    RC_LOG() << "blender: move point " << i << " of " << c.id << " by " << describe(d) << "\n";
                    moved[i] += d;
                    for (Vec3 *v : {&p.co, &p.left, &p.right})
                        *v = blenderFloat(Vec3{double(float(v->x)), double(float(v->y)), double(float(v->z))} + d);
                }
            }
            bool edited = false;
            for (std::size_t i = 0; i < c.points.size(); ++i)
                edited = edited || moved[i] != Vec3{} || c.points[i].tilt != before.points[i].tilt;
            if (!edited) continue;
            changedInBlender.insert(c.id);
            blenderOnly.curves.push_back(c);
        }
        RC_CLASSIFY(!changedOnDisk.empty(), "changed on disk");
        RC_CLASSIFY(!changedInBlender.empty(), "changed in Blender");
        RC_CLASSIFY(!changedOnDisk.empty() && !changedInBlender.empty(), "changed on both sides");
        RC_CLASSIFY(std::any_of(changedOnDisk.begin(), changedOnDisk.end(),
                                [&](const std::string &id) { return side[id] != Side::Disk; }),
                    "linked ends followed on disk");
        RC_LOG() << "base:\n" << baseText << "ours:\n" << oursText;
        RC_LOG() << "changed on disk " << listed(changedOnDisk) << ", in Blender " << listed(changedInBlender) << "\n";

        // Both applied: OURS with Blender's edited curves applied over it.
        const CurvesApplied expectedApplied = applyCurves(ours, blenderOnly);
        const Level &expected = expectedApplied.level;
        RC_ASSERT(asSet(expectedApplied.changed) == changedInBlender);

        const CurvesMerged merged = mergeCurves(baseText, oursText, "level.yaml", curves, false);
        for (const std::string &c : merged.conflicts) RC_LOG() << "conflict: " << c << "\n";
        for (const Diagnostic &d : merged.diagnostics) RC_LOG() << formatDiagnostic(d) << "\n";
        for (const RailNote &n : merged.blender.notes) RC_LOG() << "note: " << n.rail << ": " << n.text << "\n";
        RC_CLASSIFY(!merged.blender.notes.empty(), "a rail changed type in Blender");
        RC_ASSERT(merged.conflicts.empty());
        RC_ASSERT(merged.text.has_value());
        RC_LOG() << "merged:\n" << *merged.text;
        const LoadResult result = readLevel(*merged.text, "merged.yaml");
        for (const Diagnostic &d : result.diagnostics) RC_LOG() << formatDiagnostic(d) << "\n";
        RC_ASSERT(result.level.has_value());
        RC_LOG() << "Blender changed " << listed(asSet(merged.blender.changed)) << ", disk changed "
                 << listed(asSet(merged.changedOnDisk)) << "\n";
        RC_ASSERT(asSet(merged.blender.changed) == changedInBlender);
        RC_ASSERT(asSet(merged.changedOnDisk) == changedOnDisk);
        RC_ASSERT(merged.blender.added.empty() && merged.blender.deleted.empty() && merged.blender.renamed.empty());

        const Level &got = *result.level;
        RC_ASSERT(got.rails.size() == ours.rails.size());
        for (const Rail &r : ours.rails) {
            const Rail *now = railOf(got, r.id);
            const Rail *want = changedOnDisk.count(r.id)      ? &r
                               : changedInBlender.count(r.id) ? railOf(expected, r.id)
                                                              : railOf(base, r.id);
            if (!now || !want || !(*now == *want)) {
                RC_LOG() << "rail " << r.id << " differs\n";
                logRail("base", railOf(base, r.id));
                logRail("ours", &r);
                logRail("wanted", want);
                logRail("merged", now);
            }
            RC_ASSERT(now != nullptr);
            RC_ASSERT(want != nullptr);
            RC_ASSERT(*now == *want);
        }
        RC_ASSERT(got.junctions == ours.junctions);
        RC_ASSERT(got == expected);
    });
    ok = rc::check("with nothing edited on either side the level is BASE's text byte for byte",
                   [] {
                       const std::string baseText = writeLevel(randomBase());
                       const LoadResult baseRead = readLevel(baseText, "base.yaml");
                       RC_PRE(baseRead.level.has_value());
                       CurvesFile curves;
                       curves.sceneRails.emplace();
                       for (const Rail &r : baseRead.level->rails) {
                           curves.curves.push_back(importedCurve(r));
                           curves.sceneRails->push_back(r.id);
                       }
                       const CurvesMerged merged = mergeCurves(baseText, baseText, "level.yaml", curves, false);
                       for (const std::string &c : merged.conflicts) RC_LOG() << "conflict: " << c << "\n";
                       RC_ASSERT(merged.conflicts.empty());
                       RC_ASSERT(merged.blender.changed.empty());
                       RC_ASSERT(merged.changedOnDisk.empty());
                       RC_ASSERT(merged.blender.unchanged == curves.curves.size());
                       RC_ASSERT(merged.text.has_value());
                       RC_ASSERT(*merged.text == baseText);
                   }) &&
         ok;
    return ok ? 0 : 1;
}
