#include "document/merge/level_renames.h"

#include "document/text/number_format.h"

#include <set>
#include <unordered_set>

namespace railforge::document {
namespace {

// A text that objects equal but for their id share: their place or their first fields. Objects in
// different buckets are never a rename of each other; one bucket may hold objects that differ.
std::string bucketNumber(double v) { return formatNumber(v + 0.0); } // -0 and 0 are equal
std::string renameBucket(const Waypoint &w)
{
    return bucketNumber(w.position.x) + "," + bucketNumber(w.position.y) + "," + bucketNumber(w.position.z);
}
std::string renameBucket(const Obstacle &o)
{
    if (o.shape == Obstacle::Shape::Circle)
        return bucketNumber(o.circle.center.x) + "," + bucketNumber(o.circle.center.y);
    return o.polygon.empty() ? std::string() : bucketNumber(o.polygon[0].x) + "," + bucketNumber(o.polygon[0].y);
}
std::string renameBucket(const Rail &r)
{
    if (r.points.empty()) return {};
    const core::Vec3 &p = r.points[0];
    return std::to_string(r.points.size()) + ":" + bucketNumber(p.x) + "," + bucketNumber(p.y) + "," +
           bucketNumber(p.z);
}
std::string renameBucket(const Patrol &p) { return p.stops.empty() ? std::string() : p.stops[0]; }
std::string renameBucket(const Junction &j) { return j.rail + " " + bucketNumber(j.s); }
std::string renameBucket(const Reference &r) { return r.file; }
std::string renameBucket(const Agent &a) { return bucketNumber(a.radius) + "," + bucketNumber(a.height); }

template <typename T>
void findIn(const std::vector<T> &before, const std::vector<T> &after, NamedKind kind, std::vector<Rename> &out)
{
    std::unordered_set<std::string> beforeIds, afterIds;
    for (const T &o : before) beforeIds.insert(o.id);
    for (const T &o : after) afterIds.insert(o.id);
    std::vector<const T *> gone, added;
    for (const T &o : before)
        if (!afterIds.count(o.id)) gone.push_back(&o);
    for (const T &o : after)
        if (!beforeIds.count(o.id)) added.push_back(&o);
    const auto sameButId = [](const T &a, const T &b) {
        T renamed = a;
        renamed.id = b.id;
        return renamed == b;
    };
    // Candidates are compared only within a bucket of objects that look alike (renameBucket), so a
    // level whose every id changed costs a sort, not every gone object against every added one.
    std::map<std::string, std::vector<const T *>> addedLike, goneLike;
    for (const T *a : added) addedLike[renameBucket(*a)].push_back(a);
    for (const T *g : gone) goneLike[renameBucket(*g)].push_back(g);
    for (const T *g : gone) {
        const std::string bucket = renameBucket(*g);
        const T *match = nullptr;
        int matches = 0;
        for (const T *a : addedLike[bucket])
            if (sameButId(*g, *a)) {
                match = a;
                ++matches;
            }
        if (matches != 1) continue;
        // The new object must not equal another gone one either: then which was renamed is unknown.
        int claimants = 0;
        for (const T *other : goneLike[bucket])
            if (sameButId(*other, *match)) ++claimants;
        if (claimants == 1) out.push_back({kind, g->id, match->id});
    }
}

// The new id of each renamed id of one kind.
using RenameMap = std::map<std::string, std::string>;

template <typename T>
void renameAllIn(std::vector<T> &objects, const RenameMap &to)
{
    for (T &o : objects)
        if (const auto found = to.find(o.id); found != to.end()) o.id = found->second;
}

void followAll(std::string &id, const RenameMap &to)
{
    if (const auto found = to.find(id); found != to.end()) id = found->second;
}

} // namespace

std::vector<Rename> findRenames(const Level &before, const Level &after)
{
    std::vector<Rename> out;
    findIn(before.waypoints, after.waypoints, NamedKind::Waypoint, out);
    findIn(before.obstacles, after.obstacles, NamedKind::Obstacle, out);
    findIn(before.patrols, after.patrols, NamedKind::Patrol, out);
    findIn(before.junctions, after.junctions, NamedKind::Junction, out);
    findIn(before.references, after.references, NamedKind::Reference, out);
    findIn(before.agents, after.agents, NamedKind::Agent, out);
    // A rail's junctions name it: a renamed rail is equal but for its id all the same.
    findIn(before.rails, after.rails, NamedKind::Rail, out);
    return out;
}

const char *namedKindName(NamedKind kind)
{
    switch (kind) {
    case NamedKind::Waypoint: return "waypoint";
    case NamedKind::Obstacle: return "obstacle";
    case NamedKind::Rail: return "rail";
    case NamedKind::Patrol: return "patrol";
    case NamedKind::Junction: return "junction";
    case NamedKind::Reference: return "reference";
    case NamedKind::Agent: return "agent";
    }
    return "object";
}

void applyRenames(Level &level, const std::vector<Rename> &renames)
{
    std::map<NamedKind, RenameMap> byKind;
    for (const Rename &r : renames) byKind[r.kind].emplace(r.from, r.to);
    for (const auto &[kind, to] : byKind) {
        switch (kind) {
        case NamedKind::Waypoint:
            renameAllIn(level.waypoints, to);
            for (Edge &e : level.edges) {
                followAll(e.from, to);
                followAll(e.to, to);
            }
            for (Patrol &p : level.patrols)
                for (std::string &stop : p.stops) followAll(stop, to);
            break;
        case NamedKind::Rail:
            renameAllIn(level.rails, to);
            for (Junction &j : level.junctions) {
                followAll(j.rail, to);
                followAll(j.defaultWay, to);
                for (JunctionLink &link : j.links) followAll(link.rail, to);
            }
            break;
        case NamedKind::Obstacle: renameAllIn(level.obstacles, to); break;
        case NamedKind::Patrol: renameAllIn(level.patrols, to); break;
        case NamedKind::Junction: renameAllIn(level.junctions, to); break;
        case NamedKind::Reference: renameAllIn(level.references, to); break;
        case NamedKind::Agent:
            renameAllIn(level.agents, to);
            for (Patrol &p : level.patrols) followAll(p.agent, to);
            break;
        }
    }
}

} // namespace railforge::document
