#include "document/merge/level_merge.h"

#include "document/merge/object_lists.h"
#include "document/merge/object_merge.h"
#include "document/merge/value_text.h"
#include "document/model/object_ref.h"

#include <set>

namespace railforge::document {
namespace {

// Where a conflict about one object is recorded (one entry per object, its disputes together).
void record(std::vector<MergeConflict> &conflicts, const std::string &kind, const std::string &id,
            const std::vector<std::string> &described)
{
    for (MergeConflict &c : conflicts)
        if (c.kind == kind && c.id == id) {
            c.described.insert(c.described.end(), described.begin(), described.end());
            return;
        }
    conflicts.push_back({kind, id, described});
}

// One kind's list merged; conflicts recorded when `conflicts` is given (the first of the two runs).
template <typename T>
std::vector<T> mergeList(const std::vector<T> &b, const std::vector<T> &o, const std::vector<T> &t, Side prefer,
                         const char *kind, std::vector<MergeConflict> *conflicts)
{
    Disputes ignored;
    return mergeKeyed(
        b, o, t, prefer, ignored, [](const T &x) { return objectKey(x); },
        [&](const T *base, const T &ours, const T &theirs) {
            Disputes d;
            T merged = ours;
            if (!base) {
                if (!(ours == theirs)) {
                    d.add("both add it, differently");
                    merged = prefer == Side::Ours ? ours : theirs;
                }
            } else {
                merged = mergeObject(*base, ours, theirs, prefer, d);
            }
            if (conflicts && !d.empty()) record(*conflicts, kind, objectKey(ours), d.described);
            return merged;
        },
        [&](const T &kept, bool deletedByOurs) {
            std::string text = std::string(deletedByOurs ? "ours deletes it, theirs changes it"
                                                         : "theirs deletes it, ours changes it");
            if (conflicts) record(*conflicts, kind, objectKey(kept), {text});
            return text;
        });
}

Level mergeAll(const Level &b, const Level &o, const Level &t, Side prefer, std::vector<MergeConflict> *conflicts)
{
    Level m;
    Disputes info;
    m.info = mergeObject(b.info, o.info, t.info, prefer, info);
    if (conflicts && !info.empty()) record(*conflicts, "level", "", info.described);
    m.references = mergeList(b.references, o.references, t.references, prefer, "reference", conflicts);
    m.waypoints = mergeList(b.waypoints, o.waypoints, t.waypoints, prefer, "waypoint", conflicts);
    m.edges = mergeList(b.edges, o.edges, t.edges, prefer, "edge", conflicts);
    m.obstacles = mergeList(b.obstacles, o.obstacles, t.obstacles, prefer, "obstacle", conflicts);
    m.rails = mergeList(b.rails, o.rails, t.rails, prefer, "rail", conflicts);
    m.patrols = mergeList(b.patrols, o.patrols, t.patrols, prefer, "patrol", conflicts);
    m.junctions = mergeList(b.junctions, o.junctions, t.junctions, prefer, "junction", conflicts);
    return m;
}

// Who in `m` refers to a waypoint or rail called `id`: "edge 'a>b'", "patrol 'p'", "junction 'j'".
std::vector<std::string> usersOf(const Level &m, NamedKind kind, const std::string &id)
{
    std::vector<std::string> users;
    if (kind == NamedKind::Waypoint) {
        for (const Edge &e : m.edges)
            if (e.from == id || e.to == id) users.push_back("edge " + quotedId(edgeId(e)));
        for (const Patrol &p : m.patrols)
            if (std::find(p.stops.begin(), p.stops.end(), id) != p.stops.end())
                users.push_back("patrol " + quotedId(p.id));
    } else {
        for (const Junction &j : m.junctions) {
            bool uses = j.rail == id;
            for (const JunctionLink &l : j.links) uses = uses || l.rail == id;
            if (uses) users.push_back("junction " + quotedId(j.id));
        }
    }
    return users;
}

// A deletion the other side still refers to: the object is kept in the settlement of the side that
// kept it, and the two sides conflict on it.
template <typename T>
void keepWhatIsUsed(LevelMerge &merge, const std::vector<T> &o, const std::vector<T> &t, NamedKind kind)
{
    for (const bool oursSettlement : {true, false}) {
        Level &m = oursSettlement ? merge.ours : merge.theirs;
        const std::vector<T> &keptBy = oursSettlement ? o : t;
        for (std::size_t i = 0; i < keptBy.size(); ++i) {
            const std::string &id = keptBy[i].id;
            if (findByKey(listOf<T>(m), id)) continue;
            const auto users = usersOf(m, kind, id);
            if (users.empty()) continue;
            insertLike(listOf<T>(m), keptBy, i);
            std::string text = std::string(oursSettlement ? "theirs" : "ours") + " deletes it; " +
                               (oursSettlement ? "ours" : "theirs") + " still uses it in ";
            for (std::size_t u = 0; u < users.size(); ++u) text += (u ? ", " : "") + users[u];
            record(merge.conflicts, namedKindName(kind), id, {text});
        }
    }
}

} // namespace

std::string MergeConflict::summary() const
{
    std::string text = kind == "level" ? std::string("the level's own fields") : kind + " " + quotedId(id);
    text += " (";
    for (std::size_t i = 0; i < described.size(); ++i) text += (i ? "; " : "") + described[i];
    return text + ")";
}

LevelMerge mergeLevels(const Level &base, const Level &ours, const Level &theirs)
{
    LevelMerge merge;
    Level b = base, o = ours, t = theirs;
    // Renames first, so that both sides and base call every object by the same id.
    const std::vector<Rename> byOurs = findRenames(base, ours);
    const std::vector<Rename> byTheirs = findRenames(base, theirs);
    const auto renamedBy = [](const std::vector<Rename> &list, const Rename &r) {
        return std::any_of(list.begin(), list.end(),
                           [&](const Rename &x) { return x.kind == r.kind && x.from == r.from; });
    };
    for (const Rename &r : byOurs) {
        if (renamedBy(byTheirs, r)) continue; // renamed on both sides: each reads as a delete and an add
        applyRename(b, r);
        applyRename(t, r);
        merge.renames.push_back(r);
    }
    for (const Rename &r : byTheirs) {
        if (renamedBy(byOurs, r)) continue;
        applyRename(b, r);
        applyRename(o, r);
        merge.renames.push_back(r);
    }
    merge.ours = mergeAll(b, o, t, Side::Ours, &merge.conflicts);
    merge.theirs = mergeAll(b, o, t, Side::Theirs, nullptr);
    keepWhatIsUsed(merge, o.waypoints, t.waypoints, NamedKind::Waypoint);
    keepWhatIsUsed(merge, o.rails, t.rails, NamedKind::Rail);
    return merge;
}

} // namespace railforge::document
