#include "document/merge/rail_point_merge.h"

#include "document/merge/point_alignment.h"
#include "document/merge/value_text.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <map>

namespace railforge::document {
namespace {

PointHandles handleAt(const Rail &r, std::size_t i) { return r.handles.empty() ? PointHandles{} : r.handles[i]; }
double tiltAt(const Rail &r, std::size_t i) { return r.tilts.empty() ? 0.0 : r.tilts[i]; }

std::string handlesText(const PointHandles &h)
{
    return std::string(handleModeName(h.mode)) + " in " + pointText(h.in) + " out " + pointText(h.out);
}

// One point with its extras.
struct Point {
    core::Vec3 at;
    PointHandles handles;
    double tilt = 0.0;
    friend bool operator==(const Point &, const Point &) = default;
};

Point pointOf(const Rail &r, std::size_t i) { return {r.points[i], handleAt(r, i), tiltAt(r, i)}; }

// One side's points against BASE: which of its points each BASE point is, and the points it added,
// by the BASE point they follow (slot k: after BASE point k - 1; slot 0: first).
struct SideAlignment {
    std::vector<std::optional<std::size_t>> ofBase; // per BASE point: the side's point, or none (deleted)
    std::vector<std::vector<std::size_t>> added;    // per slot: the side's new points, in order
};

SideAlignment sideAlignment(const Rail &base, const Rail &side)
{
    const PointAlignment align = alignPoints(base.points, side.points);
    SideAlignment out{std::vector<std::optional<std::size_t>>(base.points.size()),
                      std::vector<std::vector<std::size_t>>(base.points.size() + 1)};
    std::size_t slot = 0;
    for (std::size_t j = 0; j < align.size(); ++j) {
        if (align[j]) {
            out.ofBase[*align[j]] = j;
            slot = *align[j] + 1;
        } else {
            out.added[slot].push_back(j);
        }
    }
    return out;
}

std::string pointName(std::size_t i) { return "point " + std::to_string(i); }

// Where a slot is, in words: "after point 3", "before point 0".
std::string slotText(std::size_t slot) { return slot == 0 ? "before point 0" : "after " + pointName(slot - 1); }

} // namespace

std::string pointEditsText(const Rail &base, const Rail &side)
{
    if (isReversal(base.points, side.points)) return "reverses the rail";
    const SideAlignment a = sideAlignment(base, side);
    std::vector<std::string> said;
    for (std::size_t slot = 0; slot < a.added.size(); ++slot)
        if (!a.added[slot].empty())
            said.push_back(std::string(a.added[slot].size() == 1
                                           ? "inserts a point "
                                           : "inserts " + std::to_string(a.added[slot].size()) + " points ") +
                           slotText(slot));
    for (std::size_t i = 0; i < a.ofBase.size(); ++i) {
        if (!a.ofBase[i]) {
            said.push_back("deletes " + pointName(i));
            continue;
        }
        const Point was = pointOf(base, i), now = pointOf(side, *a.ofBase[i]);
        if (was.at != now.at) said.push_back("moves " + pointName(i) + " to " + pointText(now.at));
        if (was.handles != now.handles) said.push_back("changes the handles of " + pointName(i));
        if (was.tilt != now.tilt) said.push_back("tilts " + pointName(i) + " to " + formatNumber(now.tilt));
    }
    if (said.size() > 4) said.resize(4), said.push_back("more");
    std::string text;
    for (std::size_t k = 0; k < said.size(); ++k) text += (k ? ", " : "") + said[k];
    if (!said.empty() && side.points.size() != base.points.size()) text += " (channel keys move with their points)";
    return text;
}

namespace {

// A side's points whole (points, handles, tilts), each of them where it was; the other side's and
// BASE's points where `otherAndBase` (BASE's points in the side) puts them, when the other side left
// them as BASE had them.
MergedPoints wholeSide(const Rail &base, const Rail &side, bool isOurs,
                       const std::vector<std::optional<std::size_t>> &otherAndBase)
{
    MergedPoints m{side.points, side.handles, side.tilts, {}, {}, {}, false};
    std::vector<std::optional<std::size_t>> same(side.points.size());
    for (std::size_t j = 0; j < same.size(); ++j) same[j] = j;
    (isOurs ? m.fromOurs : m.fromTheirs) = same;
    m.fromBase = otherAndBase;
    (isOurs ? m.fromTheirs : m.fromOurs) = otherAndBase;
    m.fromBase.resize(base.points.size());
    return m;
}

bool samePoints(const Rail &a, const Rail &b)
{
    return a.points == b.points && a.handles == b.handles && a.tilts == b.tilts;
}

} // namespace

MergedPoints mergeRailPoints(const Rail &b, const Rail &o, const Rail &t, Side prefer, Disputes &d)
{
    // A rail turned round on one side and its points edited on the other: no point of one is the
    // other's, so the two are one conflict, each side's points whole.
    const bool reversedO = isReversal(b.points, o.points), reversedT = isReversal(b.points, t.points);
    if ((reversedO || reversedT) && !samePoints(o, t) && !samePoints(o, b) && !samePoints(t, b)) {
        const std::string ours = pointEditsText(b, o), theirs = pointEditsText(b, t);
        d.add("ours " + (ours.empty() ? std::string("changes the handles or tilts") : ours) + ", theirs " +
              (theirs.empty() ? std::string("changes the handles or tilts") : theirs));
        MergedPoints m = wholeSide(b, prefer == Side::Ours ? o : t, prefer == Side::Ours, {});
        (prefer == Side::Ours ? m.fromTheirs : m.fromOurs)
            .assign((prefer == Side::Ours ? t : o).points.size(), std::nullopt);
        m.wholeConflict = true;
        return m;
    }
    // One side left the points alone: the other's whole (a rail turned round included).
    if (samePoints(o, b)) return wholeSide(b, t, false, sideAlignment(b, t).ofBase);
    if (samePoints(t, b)) return wholeSide(b, o, true, sideAlignment(b, o).ofBase);
    const SideAlignment ao = sideAlignment(b, o), at = sideAlignment(b, t);
    MergedPoints m;
    m.fromBase.resize(b.points.size());
    m.fromOurs.resize(o.points.size());
    m.fromTheirs.resize(t.points.size());
    std::vector<PointHandles> handles;
    std::vector<double> tilts;
    const auto emit = [&](const Point &p) {
        m.points.push_back(p.at);
        handles.push_back(p.handles);
        tilts.push_back(p.tilt);
        return m.points.size() - 1;
    };
    Disputes here; // this rail's point disputes, told with what each side did
    const auto insertions = [&](std::size_t slot) {
        const auto &runO = ao.added[slot], &runT = at.added[slot];
        const auto run = [](const Rail &r, const std::vector<std::size_t> &js) {
            std::vector<Point> out;
            for (std::size_t j : js) out.push_back(pointOf(r, j));
            return out;
        };
        bool takeO = !runO.empty(), takeT = !runT.empty();
        if (takeO && takeT) {
            if (run(o, runO) == run(t, runT)) {
                for (std::size_t k = 0; k < runO.size(); ++k)
                    m.fromOurs[runO[k]] = m.fromTheirs[runT[k]] = emit(pointOf(o, runO[k]));
                return;
            }
            here.add("ours and theirs both insert points " + slotText(slot) + ", differently");
            (prefer == Side::Ours ? takeT : takeO) = false;
        }
        if (takeO)
            for (std::size_t j : runO) m.fromOurs[j] = emit(pointOf(o, j));
        if (takeT)
            for (std::size_t j : runT) m.fromTheirs[j] = emit(pointOf(t, j));
    };
    insertions(0);
    for (std::size_t i = 0; i < b.points.size(); ++i) {
        const auto jo = ao.ofBase[i], jt = at.ofBase[i];
        const Point base = pointOf(b, i);
        if (jo && jt) {
            const Point po = pointOf(o, *jo), pt = pointOf(t, *jt);
            Point p;
            p.at = mergeField(base.at, po.at, pt.at, prefer, here, [&](const core::Vec3 &x, const core::Vec3 &y) {
                return "ours moves " + pointName(i) + " to " + pointText(x) + ", theirs to " + pointText(y);
            });
            p.handles =
                mergeField(base.handles, po.handles, pt.handles, prefer, here, [&](const auto &x, const auto &y) {
                    return "ours sets " + pointName(i) + "'s handles to " + handlesText(x) + ", theirs to " +
                           handlesText(y);
                });
            p.tilt = mergeField(base.tilt, po.tilt, pt.tilt, prefer, here, [&](double x, double y) {
                return "ours sets " + pointName(i) + "'s tilt to " + formatNumber(x) + ", theirs to " + formatNumber(y);
            });
            m.fromBase[i] = m.fromOurs[*jo] = m.fromTheirs[*jt] = emit(p);
        } else if (jo || jt) {
            // One side deleted it: gone, unless the other side changed it.
            const bool oursKeeps = bool(jo);
            const Point kept = oursKeeps ? pointOf(o, *jo) : pointOf(t, *jt);
            if (!(kept == base)) {
                here.add(std::string(oursKeeps ? "theirs deletes " : "ours deletes ") + pointName(i) + ", " +
                         (oursKeeps ? "ours" : "theirs") + " changes it");
                if ((prefer == Side::Ours) == oursKeeps) {
                    const std::size_t at_ = emit(kept);
                    m.fromBase[i] = at_;
                    (oursKeeps ? m.fromOurs[*jo] : m.fromTheirs[*jt]) = at_;
                }
            }
        }
        insertions(i + 1);
    }
    // Where a side inserted, deleted or turned points round, a point's number alone misleads: the
    // conflict also says what each side did, as the designers would tell it.
    const bool reshaped = o.points.size() != b.points.size() || t.points.size() != b.points.size() ||
                          isReversal(b.points, o.points) || isReversal(b.points, t.points);
    for (std::string &text : here.described) {
        if (!reshaped) {
            d.add(std::move(text));
            continue;
        }
        const std::string ours = pointEditsText(b, o), theirs = pointEditsText(b, t);
        d.add(text + " (ours " + (ours.empty() ? "leaves the points" : ours) + "; theirs " +
              (theirs.empty() ? "leaves the points" : theirs) + ")");
    }
    // Stored only when some point differs from the default, or when a side stored them already.
    const bool anyHandle =
        std::any_of(handles.begin(), handles.end(), [](const auto &h) { return h != PointHandles{}; });
    const bool anyTilt = std::any_of(tilts.begin(), tilts.end(), [](double v) { return v != 0.0; });
    if (anyHandle || !o.handles.empty() || !t.handles.empty()) m.handles = std::move(handles);
    if (anyTilt || !o.tilts.empty() || !t.tilts.empty()) m.tilts = std::move(tilts);
    return m;
}

} // namespace railforge::document
