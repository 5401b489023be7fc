#include "document/merge/level_merge.h"

#include "document/merge/object_lists.h"
#include "document/merge/object_merge.h"
#include "document/merge/value_text.h"
#include "document/model/object_ref.h"

#include <map>
#include <set>

namespace railforge::document {
namespace {

// The conflicts of a merge, one entry per object with its disputes together, found by kind and id
// without a search through the entries met so far (a merge of two big levels can have thousands).
class ConflictLog {
public:
    explicit ConflictLog(std::vector<MergeConflict> &conflicts) : m_conflicts(conflicts) {}
    void record(const std::string &kind, const std::string &id, const std::vector<std::string> &described)
    {
        const auto [at, added] = m_at.try_emplace({kind, id}, m_conflicts.size());
        if (added)
            m_conflicts.push_back({kind, id, described});
        else
            m_conflicts[at->second].described.insert(m_conflicts[at->second].described.end(), described.begin(),
                                                     described.end());
    }

private:
    std::vector<MergeConflict> &m_conflicts;
    std::map<std::pair<std::string, std::string>, std::size_t> m_at;
};

// One kind's list merged; conflicts recorded when `conflicts` is given (the first of the two runs).
template <typename T>
std::vector<T> mergeList(const std::vector<T> &b, const std::vector<T> &o, const std::vector<T> &t, Side prefer,
                         const char *kind, ConflictLog *conflicts)
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
            if (conflicts && !d.empty()) conflicts->record(kind, objectKey(ours), d.described);
            return merged;
        },
        [&](const T &kept, bool deletedByOurs) {
            std::string text = std::string(deletedByOurs ? "ours deletes it, theirs changes it"
                                                         : "theirs deletes it, ours changes it");
            if (conflicts) conflicts->record(kind, objectKey(kept), {text});
            return text;
        });
}

Level mergeAll(const Level &b, const Level &o, const Level &t, Side prefer, ConflictLog *conflicts)
{
    Level m;
    Disputes info;
    m.info = mergeObject(b.info, o.info, t.info, prefer, info);
    if (conflicts && !info.empty()) conflicts->record("level", "", info.described);
    m.references = mergeList(b.references, o.references, t.references, prefer, "reference", conflicts);
    m.waypoints = mergeList(b.waypoints, o.waypoints, t.waypoints, prefer, "waypoint", conflicts);
    m.edges = mergeList(b.edges, o.edges, t.edges, prefer, "edge", conflicts);
    m.obstacles = mergeList(b.obstacles, o.obstacles, t.obstacles, prefer, "obstacle", conflicts);
    m.rails = mergeList(b.rails, o.rails, t.rails, prefer, "rail", conflicts);
    m.patrols = mergeList(b.patrols, o.patrols, t.patrols, prefer, "patrol", conflicts);
    m.junctions = mergeList(b.junctions, o.junctions, t.junctions, prefer, "junction", conflicts);
    return m;
}

// Who in `m` refers to each waypoint or rail, by its id: "edge 'a>b'", "patrol 'p'", "junction 'j'".
// Gathered once, so that many deletions cost one pass over the level.
std::map<std::string, std::vector<std::string>> usersIn(const Level &m, NamedKind kind)
{
    std::map<std::string, std::vector<std::string>> users;
    const auto add = [&](const std::string &id, const std::string &user) {
        auto &list = users[id];
        if (list.empty() || list.back() != user) list.push_back(user);
    };
    if (kind == NamedKind::Waypoint) {
        for (const Edge &e : m.edges) {
            add(e.from, "edge " + quotedId(edgeId(e)));
            add(e.to, "edge " + quotedId(edgeId(e)));
        }
        for (const Patrol &p : m.patrols)
            for (const std::string &stop : p.stops) add(stop, "patrol " + quotedId(p.id));
    } else {
        for (const Junction &j : m.junctions) {
            add(j.rail, "junction " + quotedId(j.id));
            for (const JunctionLink &l : j.links) add(l.rail, "junction " + quotedId(j.id));
        }
    }
    return users;
}

// A deletion the other side still refers to: the object is kept in the settlement of the side that
// kept it, and the two sides conflict on it.
template <typename T>
void keepWhatIsUsed(LevelMerge &merge, ConflictLog &log, const std::vector<T> &o, const std::vector<T> &t,
                    NamedKind kind)
{
    for (const bool oursSettlement : {true, false}) {
        Level &m = oursSettlement ? merge.ours : merge.theirs;
        const std::vector<T> &keptBy = oursSettlement ? o : t;
        std::set<std::string> present;
        for (const T &x : listOf<T>(m)) present.insert(x.id);
        const auto users = usersIn(m, kind);
        std::vector<std::size_t> restored;
        for (std::size_t i = 0; i < keptBy.size(); ++i) {
            const std::string &id = keptBy[i].id;
            if (present.count(id)) continue;
            const auto used = users.find(id);
            if (used == users.end()) continue;
            restored.push_back(i);
            std::string text = std::string(oursSettlement ? "theirs" : "ours") + " deletes it; " +
                               (oursSettlement ? "ours" : "theirs") + " still uses it in ";
            for (std::size_t u = 0; u < used->second.size(); ++u) text += (u ? ", " : "") + used->second[u];
            log.record(namedKindName(kind), id, {text});
        }
        insertAllLike(listOf<T>(m), keptBy, restored);
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
    // An object renamed on both sides reads as a delete and an add on each; the others are followed.
    const auto renamedIn = [](const std::vector<Rename> &list) {
        std::set<std::pair<NamedKind, std::string>> from;
        for (const Rename &r : list) from.insert({r.kind, r.from});
        return from;
    };
    const auto renamedByOurs = renamedIn(byOurs), renamedByTheirs = renamedIn(byTheirs);
    std::vector<Rename> followOurs, followTheirs;
    for (const Rename &r : byOurs)
        if (!renamedByTheirs.count({r.kind, r.from})) followOurs.push_back(r);
    for (const Rename &r : byTheirs)
        if (!renamedByOurs.count({r.kind, r.from})) followTheirs.push_back(r);
    applyRenames(b, followOurs);
    applyRenames(t, followOurs);
    applyRenames(b, followTheirs);
    applyRenames(o, followTheirs);
    merge.renames = followOurs;
    merge.renames.insert(merge.renames.end(), followTheirs.begin(), followTheirs.end());
    ConflictLog log(merge.conflicts);
    merge.ours = mergeAll(b, o, t, Side::Ours, &log);
    // The side preferred only settles disputes: with none, theirs' settlement is ours'.
    merge.theirs = merge.conflicts.empty() ? merge.ours : mergeAll(b, o, t, Side::Theirs, nullptr);
    keepWhatIsUsed(merge, log, o.waypoints, t.waypoints, NamedKind::Waypoint);
    keepWhatIsUsed(merge, log, o.rails, t.rails, NamedKind::Rail);
    return merge;
}

} // namespace railforge::document
