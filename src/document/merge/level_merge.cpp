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
    // Records `text` for an object with no conflict yet; an object already in one is left as told.
    void recordIfNew(const std::string &kind, const std::string &id, const std::string &text)
    {
        if (!m_at.count({kind, id})) record(kind, id, {text});
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
    m.agents = mergeList(b.agents, o.agents, t.agents, prefer, "agent", conflicts);
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

// What refers to a waypoint or rail `id` taken out of a settlement: edges and patrol stops of a
// waypoint, junctions on or linking a rail. The side that deleted the object meant its users to go.
void dropUsers(Level &m, NamedKind kind, const std::string &id)
{
    if (kind == NamedKind::Waypoint) {
        std::erase_if(m.edges, [&](const Edge &e) { return e.from == id || e.to == id; });
        for (Patrol &p : m.patrols) std::erase(p.stops, id);
    } else {
        std::erase_if(m.junctions, [&](const Junction &j) {
            return j.rail == id ||
                   std::any_of(j.links.begin(), j.links.end(), [&](const JunctionLink &l) { return l.rail == id; });
        });
    }
}

// A deletion the other side still refers to: the object is kept in the settlement of the side that
// kept it, its users go from the settlement of the side that deleted it, and the two sides conflict
// on it (and on each user: conflictsForEveryDifference).
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
            dropUsers(oursSettlement ? merge.theirs : merge.ours, kind, id);
        }
        insertAllLike(listOf<T>(m), keptBy, restored);
    }
}

// Every object the two settlements hold differently, held by one only or with other values, inside a
// conflict: outside the markers the file holds ours' settlement alone, so an object only theirs'
// settlement has (a junction on a rail ours deleted, an edge to a waypoint both renamed) would be lost
// without a word. Each such object not in a conflict yet joins one, told as going with the others.
void conflictsForEveryDifference(LevelMerge &merge, ConflictLog &log)
{
    if (merge.conflicts.empty()) return; // without conflicts, the two settlements are one level
    std::vector<std::string> told;
    for (const MergeConflict &c : merge.conflicts) told.push_back(c.kind + " " + quotedId(c.id));
    std::string with = "goes with the conflict";
    with += told.size() > 1 ? "s on " : " on ";
    for (std::size_t i = 0; i < told.size() && i < 3; ++i) with += (i ? ", " : "") + told[i];
    if (told.size() > 3) with += " and more";
    with += ": each side keeps its own";
    for (const char *kind : {"waypoint", "edge", "obstacle", "rail", "patrol", "junction", "reference", "agent"})
        withKindList(merge.ours, kind, [&](const auto &oursList, const char *) {
            using T = std::decay_t<decltype(oursList[0])>;
            const auto &theirsList = listOf<T>(merge.theirs);
            std::map<std::string, const T *> inTheirs;
            for (const T &x : theirsList) inTheirs.emplace(objectKey(x), &x);
            std::set<std::string> seen;
            for (const T &x : oursList) {
                const std::string key = objectKey(x);
                seen.insert(key);
                const auto y = inTheirs.find(key);
                if (y == inTheirs.end() || !(x == *y->second)) log.recordIfNew(kind, key, with);
            }
            for (const T &y : theirsList)
                if (!seen.count(objectKey(y))) log.recordIfNew(kind, objectKey(y), with);
        });
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
    // A rename made on one side is followed by both. One object renamed on both sides to different ids
    // is a conflict: each settlement follows its own side's rename (the other side's object, and all
    // that names it, called by this side's id), so either side's lines make a level whole.
    std::map<std::pair<NamedKind, std::string>, const Rename *> renamedByOurs, renamedByTheirs;
    for (const Rename &r : byOurs) renamedByOurs[{r.kind, r.from}] = &r;
    for (const Rename &r : byTheirs) renamedByTheirs[{r.kind, r.from}] = &r;
    std::vector<Rename> followOurs, followTheirs, asOurs, asTheirs; // as*: both renamed, each side's way
    std::vector<std::pair<Rename, Rename>> disputed;
    for (const Rename &r : byOurs) {
        const auto other = renamedByTheirs.find({r.kind, r.from});
        if (other == renamedByTheirs.end()) {
            followOurs.push_back(r);
        } else if (other->second->to == r.to) {
            followOurs.push_back(r); // the same rename on both sides: once
        } else {
            disputed.push_back({r, *other->second});
        }
    }
    for (const Rename &r : byTheirs)
        if (!renamedByOurs.count({r.kind, r.from})) followTheirs.push_back(r);
    // A rename both made alike: base takes it, and so do both sides (already there).
    applyRenames(b, followOurs);
    applyRenames(t, followOurs);
    applyRenames(b, followTheirs);
    applyRenames(o, followTheirs);
    merge.renames = followOurs;
    merge.renames.insert(merge.renames.end(), followTheirs.begin(), followTheirs.end());
    ConflictLog log(merge.conflicts);
    if (disputed.empty()) {
        merge.ours = mergeAll(b, o, t, Side::Ours, &log);
        // The side preferred only settles disputes: with none, theirs' settlement is ours'.
        merge.theirs = merge.conflicts.empty() ? merge.ours : mergeAll(b, o, t, Side::Theirs, nullptr);
    } else {
        Level bo = b, to = t, bt = b, ot = o;
        for (const auto &[mine, yours] : disputed) {
            applyRenames(bo, {mine});
            applyRenames(to, {{yours.kind, yours.to, mine.to}});
            applyRenames(bt, {yours});
            applyRenames(ot, {{mine.kind, mine.to, yours.to}});
            const std::string text = "ours renames " + std::string(namedKindName(mine.kind)) + " " +
                                     quotedId(mine.from) + " to " + quotedId(mine.to) + ", theirs to " +
                                     quotedId(yours.to);
            log.record(namedKindName(mine.kind), mine.to, {text});
            log.record(namedKindName(mine.kind), yours.to, {text});
        }
        merge.ours = mergeAll(bo, o, to, Side::Ours, &log);
        merge.theirs = mergeAll(bt, ot, t, Side::Theirs, nullptr);
    }
    keepWhatIsUsed(merge, log, o.waypoints, t.waypoints, NamedKind::Waypoint);
    keepWhatIsUsed(merge, log, o.rails, t.rails, NamedKind::Rail);
    conflictsForEveryDifference(merge, log);
    return merge;
}

} // namespace railforge::document
