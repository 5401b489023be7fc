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

// Where a junction's point is in `level`: its trunk's end point exactly, or the trunk at s.
std::optional<Vec3> pointOf(const Level &level, const Junction &j)
{
    const int trunk = findRail(level, j.rail);
    if (trunk < 0) return std::nullopt;
    const Rail &rail = level.rails[std::size_t(trunk)];
    if (rail.points.empty()) return std::nullopt;
    if (j.end) return *j.end == RailEnd::Start ? rail.points.front() : rail.points.back();
    return junctionPoint(level, j);
}

} // namespace

bool snapLinkedEnds(Level &level)
{
    bool any = false;
    for (int pass = 0; pass < kPasses; ++pass) {
        bool moved = false;
        for (const Junction &j : level.junctions) {
            const auto point = pointOf(level, j);
            if (!point) continue;
            for (const JunctionLink &link : j.links) {
                const int r = findRail(level, link.rail);
                if (r < 0) continue;
                Rail &rail = level.rails[std::size_t(r)];
                if (rail.points.empty() || rail.closed) continue;
                Vec3 &end = link.end == RailEnd::Start ? rail.points.front() : rail.points.back();
                if (end == *point) continue;
                end = *point;
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
    for (const Change &c : changes)
        if (c.at.kind == ObjectKind::Rail && c.at.index < after.rails.size())
            after.rails[c.at.index] = std::get<Rail>(c.after);
    if (!snapLinkedEnds(after)) return changes;
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
