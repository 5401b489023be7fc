#include "document/editing/junction_keeping.h"

#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"

#include <algorithm>
#include <map>

namespace railforge::document {
namespace {

using Change = ChangeObjectsCommand::Change;

// Passes over the junctions: a mid-rail junction's point moves when a link it shares a rail with
// moves, so a chain of junctions settles in a few passes.
constexpr int kPasses = 8;

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

bool snapLinkedEnds(Level &level, const Level &before, std::set<std::string> touched)
{
    const bool all = touched.empty();
    bool any = false;
    for (int pass = 0; pass < kPasses; ++pass) {
        bool moved = false;
        for (const Junction &j : level.junctions) {
            const bool involved = all || touched.count(j.rail) ||
                                  std::any_of(j.links.begin(), j.links.end(),
                                              [&](const JunctionLink &l) { return touched.count(l.rail) != 0; });
            if (!involved) continue;
            const auto point = junctionPlace(level, j);
            if (!point) continue;
            const auto pointBefore = junctionPlace(before, j);
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
                if (end == wanted) continue;
                end = wanted;
                touched.insert(rail.id);
                moved = true;
            }
        }
        any = any || moved;
        if (!moved) break;
    }
    return any;
}

std::vector<Change> withJunctionsKept(const Level &level, std::vector<Change> changes)
{
    if (level.junctions.empty()) return changes;
    Level after = level;
    std::set<std::string> touched;
    for (const Change &c : changes)
        if (c.at.kind == ObjectKind::Rail && c.at.index < after.rails.size()) {
            after.rails[c.at.index] = std::get<Rail>(c.after);
            touched.insert(level.rails[c.at.index].id);
        }
    if (touched.empty() || !snapLinkedEnds(after, level, touched)) return changes;
    for (std::size_t i = 0; i < after.rails.size(); ++i) {
        const auto mine = std::find_if(changes.begin(), changes.end(), [&](const Change &c) {
            return c.at.kind == ObjectKind::Rail && c.at.index == i;
        });
        if (mine != changes.end())
            mine->after = after.rails[i];
        else if (!(after.rails[i] == level.rails[i]))
            changes.push_back({{ObjectKind::Rail, i}, level.rails[i], after.rails[i]});
    }
    return changes;
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
