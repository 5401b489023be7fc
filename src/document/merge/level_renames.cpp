#include "document/merge/level_renames.h"

#include <set>

namespace railforge::document {
namespace {

template <typename T>
void findIn(const std::vector<T> &before, const std::vector<T> &after, NamedKind kind, std::vector<Rename> &out)
{
    std::set<std::string> beforeIds, afterIds;
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
    for (const T *g : gone) {
        const T *match = nullptr;
        int matches = 0;
        for (const T *a : added)
            if (sameButId(*g, *a)) {
                match = a;
                ++matches;
            }
        if (matches != 1) continue;
        // The new object must not equal another gone one either: then which was renamed is unknown.
        int claimants = 0;
        for (const T *other : gone)
            if (sameButId(*other, *match)) ++claimants;
        if (claimants == 1) out.push_back({kind, g->id, match->id});
    }
}

template <typename T>
void renameIn(std::vector<T> &objects, const Rename &r)
{
    for (T &o : objects)
        if (o.id == r.from) o.id = r.to;
}

void follow(std::string &id, const Rename &r)
{
    if (id == r.from) id = r.to;
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
    // A rail's junctions name it: a renamed rail is equal but for its id all the same.
    findIn(before.rails, after.rails, NamedKind::Rail, out);
    return out;
}

void applyRename(Level &level, const Rename &r)
{
    switch (r.kind) {
    case NamedKind::Waypoint:
        renameIn(level.waypoints, r);
        for (Edge &e : level.edges) {
            follow(e.from, r);
            follow(e.to, r);
        }
        for (Patrol &p : level.patrols)
            for (std::string &stop : p.stops) follow(stop, r);
        break;
    case NamedKind::Rail:
        renameIn(level.rails, r);
        for (Junction &j : level.junctions) {
            follow(j.rail, r);
            follow(j.defaultWay, r);
            for (JunctionLink &link : j.links) follow(link.rail, r);
        }
        break;
    case NamedKind::Obstacle: renameIn(level.obstacles, r); break;
    case NamedKind::Patrol: renameIn(level.patrols, r); break;
    case NamedKind::Junction: renameIn(level.junctions, r); break;
    case NamedKind::Reference: renameIn(level.references, r); break;
    }
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
    }
    return "object";
}

} // namespace railforge::document
