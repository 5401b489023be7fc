#include "document/editing/junction_keeping.h"

#include "document/editing/place_keeping.h"
#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"

#include <algorithm>
#include <map>

namespace railforge::document {
namespace {

using Change = ChangeObjectsCommand::Change;

// Passes over the junctions: a mid-rail junction's point moves when a link it shares a rail with
// moves, so a chain of junctions settles in a few passes.
constexpr int kPasses = 8;
// A linked end this close to its junction's point (relative, at least absolute for small
// coordinates) is on it: far below the 1e-6 tools round to, far above a recomputed point's noise.
constexpr double kSamePlace = 1e-9;

} // namespace

std::optional<Vec3> junctionPlace(const Level &level, const Junction &j)
{
    const int trunk = findRail(level, j.rail);
    if (trunk < 0) return std::nullopt;
    const Rail &rail = level.rails[std::size_t(trunk)];
    if (rail.points.empty()) return std::nullopt;
    if (j.end) return *j.end == RailEnd::Start ? rail.points.front() : rail.points.back();
    return junctionPoint(level, j);
}

bool snapLinkedEnds(Level &level, const Level &before, std::set<std::string> touched, std::set<std::string> *moved)
{
    const bool all = touched.empty();
    bool any = false;
    for (int pass = 0; pass < kPasses; ++pass) {
        bool anyThisPass = false;
        for (const Junction &j : level.junctions) {
            const bool involved = all || touched.count(j.rail) ||
                                  std::any_of(j.links.begin(), j.links.end(),
                                              [&](const JunctionLink &l) { return touched.count(l.rail) != 0; });
            if (!involved) continue;
            const auto point = junctionPlace(level, j);
            if (!point) continue;
            // Its point before the edit, from the junction as it was then (its s may have been kept since).
            const auto was = std::find_if(before.junctions.begin(), before.junctions.end(),
                                          [&](const Junction &x) { return x.id == j.id; });
            const auto pointBefore = junctionPlace(before, was != before.junctions.end() ? *was : j);
            for (const JunctionLink &link : j.links) {
                const int r = findRail(level, link.rail);
                if (r < 0) continue;
                Rail &rail = level.rails[std::size_t(r)];
                if (rail.points.empty() || rail.closed) continue;
                // The height it had above or below the junction's point before the edit.
                double dz = 0.0;
                const int b = findRail(before, link.rail);
                if (pointBefore && b >= 0 && !before.rails[std::size_t(b)].points.empty()) {
                    const Rail &old = before.rails[std::size_t(b)];
                    dz = (link.end == RailEnd::Start ? old.points.front() : old.points.back()).z - pointBefore->z;
                }
                Vec3 &end = link.end == RailEnd::Start ? rail.points.front() : rail.points.back();
                const Vec3 wanted{point->x, point->y, point->z + dz};
                // Where the end already is, to the rounding of the junction's kept s, it stays as written:
                // re-deriving the point after an edit elsewhere on the trunk differs in the last bits,
                // and the file must not change where the edit did not.
                if (core::length(end - wanted) <= kSamePlace * std::max(1.0, core::length(wanted))) continue;
                end = wanted;
                touched.insert(rail.id);
                if (moved) moved->insert(rail.id);
                anyThisPass = true;
            }
        }
        any = any || anyThisPass;
        if (!anyThisPass) break;
    }
    return any;
}

std::vector<std::string> keepLevelWhole(const Level &before, Level &after)
{
    std::set<std::string> touched;
    for (const Rail &rail : after.rails) {
        const int b = findRail(before, rail.id);
        // Only a new shape moves places along a rail: a colour or a key must not nudge a junction by
        // the rounding of its s (which would rewrite a linked rail the edit never reached).
        if (b < 0 || !sameShape(before.rails[std::size_t(b)], rail)) touched.insert(rail.id);
    }
    if (touched.empty()) return {};
    std::vector<std::string> removed = keepPlacesAlongRails(before, after, touched);
    if (after.junctions.empty()) return removed;
    // Linked ends follow their junctions; the rails that moves keep their own places in turn, which
    // may move a junction on them, whose linked ends follow again.
    std::set<std::string> pending = touched;
    for (int pass = 0; pass < kPasses && !pending.empty(); ++pass) {
        const Level unsnapped = after;
        std::set<std::string> moved;
        snapLinkedEnds(after, before, pending, &moved);
        for (const std::string &id : keepPlacesAlongRails(unsnapped, after, moved)) removed.push_back(id);
        pending = std::move(moved);
    }
    return removed;
}

KeptEdit withLevelKept(const Level &level, std::vector<Change> changes)
{
    KeptEdit out;
    if (level.junctions.empty()) {
        // Without junctions an edit reaches no rail but its own: only the changed rails' keys at s
        // are kept, without copying the level and comparing every rail on each step of a drag.
        for (Change &c : changes)
            if (c.at.kind == ObjectKind::Rail && c.at.index < level.rails.size())
                keepChannelPlaces(level.rails[c.at.index], std::get<Rail>(c.after));
        out.changes = std::move(changes);
        return out;
    }
    // Only the rails the edit changed and the rails of junctions can move: the level is kept whole
    // over those alone (`after` holds them, `indexOf` their places in the level), not over a copy of
    // every rail.
    std::set<std::string> inJunctions;
    for (const Junction &j : level.junctions) {
        inJunctions.insert(j.rail);
        for (const JunctionLink &l : j.links) inJunctions.insert(l.rail);
    }
    Level after;
    after.junctions = level.junctions;
    std::vector<std::size_t> indexOf;
    bool anyRail = false;
    for (std::size_t i = 0; i < level.rails.size(); ++i) {
        const auto mine = std::find_if(changes.begin(), changes.end(), [&](const Change &c) {
            return c.at.kind == ObjectKind::Rail && c.at.index == i;
        });
        if (mine != changes.end()) {
            after.rails.push_back(std::get<Rail>(mine->after));
            anyRail = true;
        } else if (inJunctions.count(level.rails[i].id)) {
            after.rails.push_back(level.rails[i]);
        } else {
            continue;
        }
        indexOf.push_back(i);
    }
    if (!anyRail) {
        out.changes = std::move(changes);
        return out;
    }
    out.removedJunctions = keepLevelWhole(level, after);
    for (std::size_t k = 0; k < after.rails.size(); ++k) {
        const std::size_t i = indexOf[k];
        const auto mine = std::find_if(changes.begin(), changes.end(), [&](const Change &c) {
            return c.at.kind == ObjectKind::Rail && c.at.index == i;
        });
        if (mine != changes.end())
            mine->after = after.rails[k];
        else if (!(after.rails[k] == level.rails[i]))
            changes.push_back({{ObjectKind::Rail, i}, level.rails[i], after.rails[k]});
    }
    out.changes = std::move(changes);
    if (!(after.junctions == level.junctions)) out.junctions = {{level.junctions, std::move(after.junctions)}};
    return out;
}

JunctionsAfterDelete junctionsWithoutRails(const std::vector<Junction> &junctions,
                                           const std::vector<std::string> &doomed)
{
    auto gone = [&](const std::string &rail) { return std::find(doomed.begin(), doomed.end(), rail) != doomed.end(); };
    JunctionsAfterDelete out;
    for (Junction j : junctions) {
        const std::size_t links = j.links.size();
        std::erase_if(j.links, [&](const JunctionLink &l) { return gone(l.rail); });
        if (gone(j.rail) || j.links.empty()) {
            out.removed.push_back(j.id);
            continue;
        }
        if (j.links.size() != links) out.unlinked.push_back(j.id);
        if (gone(j.defaultWay)) j.defaultWay.clear();
        out.junctions.push_back(std::move(j));
    }
    return out;
}

std::vector<Junction> junctionsWithRailRenamed(std::vector<Junction> junctions, const std::string &from,
                                               const std::string &to)
{
    for (Junction &j : junctions) {
        if (j.rail == from) j.rail = to;
        if (j.defaultWay == from) j.defaultWay = to;
        for (JunctionLink &l : j.links)
            if (l.rail == from) l.rail = to;
    }
    return junctions;
}

std::string junctionOfRailEnds(const Level &level, const std::string &rail)
{
    for (const Junction &j : level.junctions) {
        if (j.rail == rail && j.end) return j.id;
        for (const JunctionLink &l : j.links)
            if (l.rail == rail) return j.id;
    }
    return {};
}

} // namespace railforge::document
