// Property test (RapidCheck) of the three-way merge (docs/design.md "Merging levels"). Random levels
// (rail networks with junctions, channels keyed at points, waypoints joined by edges, a patrol, comment
// lines above objects) are edited on two sides by random sequences of edits that touch disjoint fields
// (point moves and tilts, points inserted and deleted on the same rails, channel key values at points,
// properties, waypoint moves, renames and additions, added edges, deleted waypoints, comment edits, a
// patrol's mode, a junction's default way, the level's name). Points are named by where they stand,
// so an edit finds its point after the other side's inserts and deletes. Then:
// - the merge is clean, its text loads, and it equals (as a document: objects in any order) both
//   sequences applied one after the other, in either order; swapping the sides gives the same;
// - every comment of BASE above an object that is still there is still there, as a side edited it;
// - merging a side with itself, or with BASE (either way round), gives that side byte for byte.
// And with edits that may touch the same fields: no change of either side is dropped. Each object
// the merge does not name in a conflict is, in the result, the side's that changed it (both sides'
// when they changed it alike), and an object one side deleted and the other changed is a conflict.
//
// RC_PARAMS="max_success=2000" runs more cases.
#include "document/merge/conflicted_level.h"
#include "document/merge/level_merge.h"
#include "document/merge/level_renames.h"
#include "document/merge/object_lists.h"
#include "document/model/junction_network.h"
#include "document/model/object_ref.h"
#include "document/model/rail_points.h"
#include "document/yaml/conflict_markers.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include "random_network.h"

#include <QCoreApplication>

#include <functional>
#include <set>

using namespace railforge;
using namespace railforge::document;

namespace {

// One edit: what it does to a level (found by ids, so it applies after the other side's edits too)
// and the fields it touches ("w/a/pos"; a claim is also all claims under it: "w/a" is the whole of a).
// A claim starting with '~' only keeps this side's own later edits away (a point moved next to one this
// side inserted could be told apart from it only by guessing); the other side may still make it.
// A comment edit changes the side's text after it is saved (`text`).
struct Edit {
    std::string name;
    std::vector<std::string> claims;
    std::function<void(Level &)> apply;
    std::function<void(std::string &)> text = {};
};

bool overlaps(const std::string &a, const std::string &b)
{
    const auto under = [](const std::string &x, const std::string &y) {
        return x == y || (y.size() > x.size() && y.compare(0, x.size(), x) == 0 && y[x.size()] == '/');
    };
    return under(a, b) || under(b, a);
}

bool clashes(const Edit &e, const std::vector<std::string> &claims, bool ownSide = false)
{
    for (const auto &c : e.claims)
        for (const auto &d : claims)
            if ((c[0] == '~') == ownSide && (d[0] == '~') == ownSide && overlaps(c, d)) return true;
    return false;
}

// A point's name in claims: where it stands ("3.5,-2,0").
std::string at(const Vec3 &p) { return std::to_string(p.x) + "," + std::to_string(p.y) + "," + std::to_string(p.z); }

// Where each moved point went (rail id and place before), while a sequence of edits is applied: the
// other side's edits name a point by where it stood before this side moved it.
std::map<std::pair<std::string, std::string>, Vec3> gMoved;
// And the other way: where a moved point stood first (BASE's place, or where this side inserted it),
// which names it in claims.
std::map<std::pair<std::string, std::string>, std::string> gFirstAt;

std::string pointName(const std::string &rail, const Vec3 &p)
{
    const auto first = gFirstAt.find({rail, at(p)});
    return first == gFirstAt.end() ? at(p) : first->second;
}

// The index of the point of `rail` standing at `p`, or where a move took it (each edit names its point
// so).
std::size_t pointAt(const Rail &rail, Vec3 p)
{
    for (int hops = 0; hops < 64; ++hops) {
        const auto found = std::find(rail.points.begin(), rail.points.end(), p);
        if (found != rail.points.end()) return std::size_t(found - rail.points.begin());
        const auto moved = gMoved.find({rail.id, at(p)});
        RC_ASSERT(moved != gMoved.end());
        p = moved->second;
    }
    RC_FAIL("a point moved in a loop");
}

// A comment line of BASE's text above an object: "# note N", and the waypoint below it, if one.
struct Note {
    std::string comment;
    std::string waypoint;
};

// BASE's notes, for the comment edits.
const std::vector<Note> *gNotes = nullptr;

template <typename T>
T *byId(std::vector<T> &list, const std::string &id)
{
    for (T &o : list)
        if (o.id == id) return &o;
    return nullptr;
}

// Rails whose geometry may change: not the trunk of a junction placed at an arc length.
bool reshapeable(const Level &level, const Rail &rail)
{
    return std::none_of(level.junctions.begin(), level.junctions.end(),
                        [&](const Junction &j) { return j.rail == rail.id && !j.end; });
}

// Whether a waypoint is used by an edge or a stop.
bool used(const Level &level, const std::string &id)
{
    for (const Edge &e : level.edges)
        if (e.from == id || e.to == id) return true;
    for (const Patrol &p : level.patrols)
        for (const auto &s : p.stops)
            if (s == id) return true;
    return false;
}

// A random edit of `level` (as it is on this side so far), named `side` for new ids.
Edit randomEdit(const Level &level, const std::string &side, int serial)
{
    // Inserts, deletes and comment edits drawn more often: few rails and notes can take them.
    static const int extra[] = {11, 12, 13, 11, 12, 13, 11, 13};
    const int drawn = *rc::gen::inRange(0, 23);
    const int kind = drawn < 15 ? drawn : extra[drawn - 15];
    const auto someRail = [&]() -> const Rail & {
        return level.rails[std::size_t(*rc::gen::inRange(0, int(level.rails.size())))];
    };
    const auto value = [] { return double(*rc::gen::inRange(-40, 40)) / 4; };
    switch (kind) {
    case 0: { // move an inner point of a rail
        const Rail &r = someRail();
        if (!reshapeable(level, r) || r.points.size() < 3) break;
        const std::size_t i = std::size_t(*rc::gen::inRange(1, int(r.points.size()) - 1));
        const Vec3 d{value(), value(), value()};
        const std::string id = r.id;
        const Vec3 p = r.points[i];
        return {"move point " + std::to_string(i) + " of " + id,
                {"r/" + id + "/pt/" + pointName(id, p) + "/pos", "~r/" + id + "/pt/" + pointName(id, p) + "/near"},
                [=](Level &l) {
                    Rail &x = *byId(l.rails, id);
                    x.points[pointAt(x, p)] += d;
                    gMoved[{id, at(p)}] = p + d;
                    gFirstAt[{id, at(p + d)}] = pointName(id, p);
                }};
    }
    case 1: { // tilt a point
        const Rail &r = someRail();
        const std::size_t i = std::size_t(*rc::gen::inRange(0, int(r.points.size())));
        const double t = value();
        const std::string id = r.id;
        const Vec3 p = r.points[i];
        return {"tilt point " + std::to_string(i) + " of " + id,
                {"r/" + id + "/pt/" + pointName(id, p) + "/tilt"},
                [=](Level &l) {
                    Rail &x = *byId(l.rails, id);
                    setPointTilt(x, pointAt(x, p), t);
                }};
    }
    case 2: { // the value of a channel key at a point
        const Rail &r = someRail();
        if (r.channels.empty() || r.channels[0].keys.empty()) break;
        const std::size_t k = std::size_t(*rc::gen::inRange(0, int(r.channels[0].keys.size())));
        if (!r.channels[0].keys[k].point) break;
        const Vec3 p = r.points[*r.channels[0].keys[k].point];
        const double v = value();
        const std::string id = r.id;
        return {"key at point " + std::to_string(*r.channels[0].keys[k].point) + " of " + id,
                {"r/" + id + "/pt/" + pointName(id, p) + "/key"},
                [=](Level &l) {
                    Rail &x = *byId(l.rails, id);
                    const std::size_t i = pointAt(x, p);
                    for (ChannelKey &key : x.channels[0].keys)
                        if (key.point == i) key.value.number = v;
                }};
    }
    case 11: { // insert a point between two inner neighbours (the keys after it move up with theirs)
        const Rail &r = someRail();
        if (!reshapeable(level, r) || r.points.size() < 3 || r.points.size() > 12) break;
        const std::size_t i = std::size_t(*rc::gen::inRange(1, int(r.points.size()) - 1)); // after point i
        const Vec3 a = r.points[i], b = r.points[i + 1];
        const Vec3 p = (a + b) * 0.5 + Vec3{0, 0, 0.75};
        const std::string id = r.id;
        return {"insert a point after " + std::to_string(i) + " of " + id,
                {"r/" + id + "/gap/" + pointName(id, a) + "|" + pointName(id, b),
                 "~r/" + id + "/pt/" + pointName(id, a) + "/near", "~r/" + id + "/pt/" + pointName(id, b) + "/near",
                 "~r/" + id + "/pt/" + pointName(id, p) + "/near"},
                [=](Level &l) {
                    Rail &x = *byId(l.rails, id);
                    const std::size_t after = pointAt(x, a);
                    x.points.insert(x.points.begin() + long(after + 1), p);
                    insertPointExtras(x, after + 1);
                }};
    }
    case 12: { // delete an inner point of a rail without channels
        const Rail &r = someRail();
        if (!reshapeable(level, r) || r.points.size() < 4 || !r.channels.empty()) break;
        const std::size_t i = std::size_t(*rc::gen::inRange(1, int(r.points.size()) - 1));
        const Vec3 a = r.points[i - 1], p = r.points[i], b = r.points[i + 1];
        const std::string id = r.id;
        return {"delete point " + std::to_string(i) + " of " + id,
                {"r/" + id + "/pt/" + pointName(id, p), "r/" + id + "/gap/" + pointName(id, a) + "|" + pointName(id, p),
                 "r/" + id + "/gap/" + pointName(id, p) + "|" + pointName(id, b),
                 "~r/" + id + "/pt/" + pointName(id, a) + "/near", "~r/" + id + "/pt/" + pointName(id, b) + "/near"},
                [=](Level &l) {
                    Rail &x = *byId(l.rails, id);
                    const std::size_t k = pointAt(x, p);
                    x.points.erase(x.points.begin() + long(k));
                    erasePointExtras(x, k, 0.0);
                }};
    }
    case 13: { // edit a comment above an object no edit deletes
        std::vector<std::string> free;
        for (const Note &n : *gNotes)
            if (n.waypoint.empty()) free.push_back(n.comment);
        if (free.empty()) break;
        const std::string note = *rc::gen::elementOf(free);
        const std::string now = note + ", as " + side + std::to_string(serial) + " says";
        return {"edit '" + note + "'",
                {"c/" + note, "~c/" + note},
                [](Level &) {},
                [=](std::string &text) {
                    const auto found = text.find(note + "\n");
                    RC_ASSERT(found != std::string::npos);
                    text.replace(found, note.size(), now);
                }};
    }
    case 14: { // rename a waypoint, with its edges and stops (as the editor does)
        if (level.waypoints.empty()) break;
        const std::string from = level.waypoints[std::size_t(*rc::gen::inRange(0, int(level.waypoints.size())))].id;
        const std::string to = side + "n" + std::to_string(serial);
        return {"rename " + from + " to " + to, {"w/" + from, "w/" + to}, [=](Level &l) {
                    byId(l.waypoints, from)->id = to;
                    for (Edge &e : l.edges) {
                        if (e.from == from) e.from = to;
                        if (e.to == from) e.to = to;
                    }
                    for (Patrol &pa : l.patrols)
                        for (auto &stop : pa.stops)
                            if (stop == from) stop = to;
                }};
    }
    case 3: { // a rail's property, or a part of its track style (each part a field of its own)
        const Rail &r = someRail();
        if (*rc::gen::inRange(0, 3) == 0) {
            const std::string part = *rc::gen::element<std::string>("ties", "supports", "size");
            const double v = double(*rc::gen::inRange(1, 40)) / 4;
            const std::string id = r.id;
            return {"track " + part + " of " + id, {"r/" + id + "/track/" + part}, [=](Level &l) {
                        TrackStyle &t =
                            byId(l.rails, id)->track.emplace(byId(l.rails, id)->track.value_or(TrackStyle{}));
                        if (part == "ties")
                            t.ties.every = v;
                        else if (part == "supports")
                            t.supports.every = v * 2;
                        else
                            t.size = v / 8;
                    }};
        }
        const std::string prop = *rc::gen::element<std::string>("kind", "track", "note");
        const std::int64_t v = *rc::gen::inRange(0, 100);
        const std::string id = r.id;
        return {"property " + prop + " of " + id, {"r/" + id + "/prop/" + prop}, [=](Level &l) {
                    Properties &ps = byId(l.rails, id)->properties;
                    auto at = std::find_if(ps.begin(), ps.end(), [&](const Property &p) { return p.name == prop; });
                    if (at == ps.end())
                        ps.push_back({prop, v});
                    else
                        at->value = v;
                }};
    }
    case 4: { // move a waypoint
        if (level.waypoints.empty()) break;
        const std::string id = level.waypoints[std::size_t(*rc::gen::inRange(0, int(level.waypoints.size())))].id;
        const Vec3 d{value(), value(), 0};
        return {"move " + id, {"w/" + id + "/pos"}, [=](Level &l) { byId(l.waypoints, id)->position += d; }};
    }
    case 5: { // add a waypoint
        const std::string id = side + std::to_string(serial);
        const Vec3 at{value() * 4, value() * 4, 0};
        return {"add " + id, {"w/" + id}, [=](Level &l) { l.waypoints.push_back({id, at, {}}); }};
    }
    case 6: { // add an edge
        if (level.waypoints.size() < 2) break;
        const std::string a = level.waypoints[std::size_t(*rc::gen::inRange(0, int(level.waypoints.size())))].id;
        const std::string b = level.waypoints[std::size_t(*rc::gen::inRange(0, int(level.waypoints.size())))].id;
        if (a == b) break;
        for (const Edge &e : level.edges)
            if ((e.from == a && e.to == b) || (e.from == b && e.to == a)) return {"none", {}, [](Level &) {}};
        // Claimed by its ends, so no other edge between them is added on the other side.
        const std::string key = "e/" + std::min(a, b) + "/" + std::max(a, b);
        return {"edge " + a + ">" + b, {key, "w/" + a + "/used", "w/" + b + "/used"}, [=](Level &l) {
                    l.edges.push_back({a, b, true, std::nullopt, {}});
                }};
    }
    case 7: { // delete an unused waypoint
        std::vector<std::string> free;
        for (const Waypoint &w : level.waypoints)
            if (!used(level, w.id)) free.push_back(w.id);
        if (free.empty()) break;
        const std::string id = *rc::gen::elementOf(free);
        return {"delete " + id, {"w/" + id}, [=](Level &l) {
                    l.waypoints.erase(std::find_if(l.waypoints.begin(), l.waypoints.end(),
                                                   [&](const Waypoint &w) { return w.id == id; }));
                }};
    }
    case 8: { // a patrol's mode
        if (level.patrols.empty()) break;
        const PatrolMode m = *rc::gen::element(PatrolMode::Loop, PatrolMode::PingPong, PatrolMode::Once);
        return {"patrol mode", {"pa/mode"}, [=](Level &l) { l.patrols[0].mode = m; }};
    }
    case 9: { // a junction's default way
        if (level.junctions.empty()) break;
        const Junction &j = level.junctions[std::size_t(*rc::gen::inRange(0, int(level.junctions.size())))];
        std::vector<std::string> ways;
        if (!j.end) ways.push_back(j.rail);
        for (const JunctionLink &link : j.links) ways.push_back(link.rail);
        const std::string way = *rc::gen::elementOf(ways);
        const std::string id = j.id;
        return {
            "default of " + id, {"j/" + id + "/default"}, [=](Level &l) { byId(l.junctions, id)->defaultWay = way; }};
    }
    default: { // the level's name
        const std::string name = "Level " + side + std::to_string(serial);
        return {"rename the level", {"level/name"}, [=](Level &l) { l.info.name = name; }};
    }
    }
    return {"none", {}, [](Level &) {}};
}

// `count` edits on `base` whose claims avoid `avoid`; their claims are added to `claims`.
std::vector<Edit> randomEdits(const Level &base, const std::string &side, int count,
                              const std::vector<std::string> &avoid, std::vector<std::string> &claims)
{
    std::vector<Edit> edits;
    Level now = base;
    gMoved.clear();
    gFirstAt.clear();
    for (int serial = 0; serial < count; ++serial) {
        Edit e = randomEdit(now, side, serial);
        if (clashes(e, avoid) || clashes(e, claims, true)) continue;
        // A waypoint this side deletes is not one the other side uses (claims "w/x/used" under "w/x").
        e.apply(now);
        claims.insert(claims.end(), e.claims.begin(), e.claims.end());
        edits.push_back(std::move(e));
    }
    return edits;
}

Level applied(Level level, const std::vector<Edit> &edits)
{
    gMoved.clear();
    gFirstAt.clear();
    for (const Edit &e : edits) e.apply(level);
    return level;
}

// `first`'s edits, then `second`'s, on `level`.
Level applied(Level level, const std::vector<Edit> &first, const std::vector<Edit> &second)
{
    gMoved.clear();
    gFirstAt.clear();
    for (const Edit &e : first) e.apply(level);
    for (const Edit &e : second) e.apply(level);
    return level;
}

// A side's text: its level written over BASE's text as the editor saves, then its comment edits.
std::string sideText(const std::string &baseText, const Level &base, const Level &side, const std::vector<Edit> &edits)
{
    std::string text = rewriteLevel(baseText, side, &base).text;
    for (const Edit &e : edits)
        if (e.text) e.text(text);
    return text;
}

// Each note as the edits leave it.
std::map<std::string, std::string> editedNotes(const std::vector<Edit> &edits, std::map<std::string, std::string> notes)
{
    for (const Edit &e : edits) {
        if (!e.text) continue;
        const std::string note = e.claims.front().substr(2);
        std::string text = note + "\n";
        e.text(text);
        notes[note] = text.substr(0, text.size() - 1);
    }
    return notes;
}

// The level with every list in id order (and rails' properties by name): equal levels as documents
// compare equal.
Level normalized(Level l)
{
    const auto byKey = [](auto &list, auto key) {
        std::sort(list.begin(), list.end(), [&](const auto &a, const auto &b) { return key(a) < key(b); });
    };
    const auto id = [](const auto &o) { return o.id; };
    byKey(l.waypoints, id);
    byKey(l.edges, [](const Edge &e) { return edgeId(e); });
    byKey(l.rails, id);
    byKey(l.patrols, id);
    byKey(l.junctions, id);
    const auto byName = [&](Properties &ps) { byKey(ps, [](const Property &p) { return p.name; }); };
    for (Rail &r : l.rails) {
        if (std::all_of(r.tilts.begin(), r.tilts.end(), [](double t) { return t == 0.0; })) r.tilts.clear();
        byName(r.properties); // properties both sides added: each side's first, as documents alike
    }
    return l;
}

// A comment line above about every third object of the canonical text: "# note N".
std::string commented(const std::string &text, std::vector<Note> &notes)
{
    std::string out;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = text.find('\n', at) + 1;
        const std::string line = text.substr(at, end - at);
        if (line.rfind("  - ", 0) == 0 && *rc::gen::inRange(0, 3) == 0) {
            Note note{"  # note " + std::to_string(notes.size()), ""};
            // Waypoints are written "  - {id: w1, position: ...}".
            if (line.find("position:") != std::string::npos)
                note.waypoint = line.substr(line.find("id: ") + 4, line.find(',') - line.find("id: ") - 4);
            out += note.comment + "\n";
            notes.push_back(note);
        }
        out += line;
        at = end;
    }
    return out;
}

Level randomLevel()
{
    Level level = railforge::test::randomNetwork();
    for (Rail &r : level.rails) {
        if (*rc::gen::inRange(0, 2) == 0) continue;
        RailChannel speed{"speed", core::ChannelType::Float, core::ChannelInterp::Linear, {}};
        for (std::size_t i = 0; i < r.points.size(); ++i)
            speed.keys.push_back({i, 0.0, core::ChannelValue{double(5 + i), {0, 0, 0, 1}, ""}});
        r.channels.push_back(speed);
    }
    const int waypoints = *rc::gen::inRange(2, 7);
    for (int i = 0; i < waypoints; ++i)
        level.waypoints.push_back({"w" + std::to_string(i), {double(i * 10), double(i % 3), 0}, {}});
    for (int i = 1; i < waypoints; i += 2)
        level.edges.push_back({"w" + std::to_string(i - 1), "w" + std::to_string(i), true, std::nullopt, {}});
    level.patrols.push_back({"guard", {"w0", "w1"}, PatrolMode::Loop, {}, PatrolFollow::Graph, {}, {}});
    return level;
}

std::string merged(const std::string &base, const std::string &ours, const std::string &theirs,
                   LevelMerge *out = nullptr)
{
    // As the merge driver reads them: each side's tree kept.
    const LoadResult lb = readLevel(base, "base", KeepTree::Yes), lo = readLevel(ours, "ours", KeepTree::Yes),
                     lt = readLevel(theirs, "theirs", KeepTree::Yes);
    LevelMerge m = mergeLevels(*lb.level, *lo.level, *lt.level);
    if (out) *out = m;
    return writeMergedLevel({{base, &*lb.level, lb.tree.get()},
                             {ours, &*lo.level, lo.tree.get()},
                             {theirs, &*lt.level, lt.tree.get()}},
                            m)
        .text;
}

// The merge's result as a level: the merged text, or with conflicts its ours side (the objects outside
// every conflict are the same on both).
std::optional<Level> resultLevel(const std::string &text)
{
    const LoadResult read = readLevel(hasConflictMarkers(text) ? splitConflicts(text).ours : text, "merged");
    return read.level;
}

// Checks that no change of either side is lost: each object outside the merge's conflicts is, in the
// result, what three-way logic says (the side that changed it; both alike; changed by both: still
// there and not BASE's), and an object one side deleted while the other changed it is a conflict.
void checkNothingDropped(Level b, Level o, Level t, const LevelMerge &merge, const Level &r)
{
    applyRenames(b, merge.renames);
    applyRenames(o, merge.renames);
    applyRenames(t, merge.renames);
    std::set<std::pair<std::string, std::string>> disputed;
    for (const MergeConflict &c : merge.conflicts) disputed.insert({c.kind, c.id});
    for (const char *kind : {"waypoint", "edge", "obstacle", "rail", "patrol", "junction", "reference"}) {
        withKindList(b, kind, [&](const auto &baseList, const char *) {
            using T = std::decay_t<decltype(baseList[0])>;
            std::map<std::string, const T *> versions[4];
            const std::vector<T> *lists[4] = {&baseList, &listOf<T>(o), &listOf<T>(t), &listOf<T>(r)};
            std::set<std::string> keys;
            for (int v = 0; v < 4; ++v)
                for (const T &x : *lists[v]) {
                    versions[v][objectKey(x)] = &x;
                    if (v < 3) keys.insert(objectKey(x));
                }
            for (const std::string &key : keys) {
                if (disputed.count({kind, key})) continue;
                const auto of = [&](int v) -> const T * {
                    const auto found = versions[v].find(key);
                    return found == versions[v].end() ? nullptr : found->second;
                };
                const auto same = [](const T *x, const T *y) { return x == y || (x && y && *x == *y); };
                const T *bv = of(0), *ov = of(1), *tv = of(2), *rv = of(3);
                RC_LOG() << kind << " " << key << "\n";
                if (same(ov, bv)) {
                    RC_ASSERT(same(rv, tv));
                } else if (same(tv, bv) || same(ov, tv)) {
                    RC_ASSERT(same(rv, ov));
                } else {
                    RC_ASSERT(ov != nullptr && tv != nullptr); // delete against change: a conflict
                    RC_ASSERT(rv != nullptr);
                    RC_ASSERT(!same(rv, bv));
                }
            }
        });
    }
}

// One case: a random BASE (its text with notes), each side's edits and texts as the editor saves them.
// `disjoint`: THEIRS' edits avoid every field OURS' touch.
struct Sides {
    std::string baseText;
    std::vector<Note> notes;
    std::optional<Level> base;
    std::vector<Edit> oursEdits, theirsEdits;
    std::string oursText, theirsText;
    LoadResult oursRead, theirsRead;

    explicit Sides(bool disjoint)
    {
        baseText = commented(writeLevel(randomLevel()), notes);
        gNotes = &notes;
        base = readLevel(baseText, "base.yaml").level;
        RC_PRE(base.has_value());
        std::vector<std::string> oursClaims, theirsClaims;
        oursEdits = randomEdits(*base, "o", *rc::gen::inRange(1, 7), {}, oursClaims);
        theirsEdits = randomEdits(*base, "t", *rc::gen::inRange(1, 7),
                                  disjoint ? oursClaims : std::vector<std::string>{}, theirsClaims);
        for (const auto &e : oursEdits) RC_LOG() << "ours: " << e.name << "\n";
        for (const auto &e : theirsEdits) RC_LOG() << "theirs: " << e.name << "\n";
        // The editor's saves: each side written over BASE's text, then its comment edits.
        oursText = sideText(baseText, *base, applied(*base, oursEdits), oursEdits);
        theirsText = sideText(baseText, *base, applied(*base, theirsEdits), theirsEdits);
        oursRead = readLevel(oursText, "ours");
        theirsRead = readLevel(theirsText, "theirs");
        RC_PRE(oursRead.level.has_value() && theirsRead.level.has_value()); // an edit made a level break a rule
    }
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    bool ok = rc::check("edits of disjoint fields merge into both", [] {
        const Sides sides(true);
        const Level &base = *sides.base;
        const std::string &baseText = sides.baseText, &oursText = sides.oursText, &theirsText = sides.theirsText;
        const std::vector<Edit> &oursEdits = sides.oursEdits, &theirsEdits = sides.theirsEdits;
        const std::vector<Note> &notes = sides.notes;
        const auto made = [&](const char *what) {
            for (const auto *edits : {&oursEdits, &theirsEdits})
                for (const Edit &e : *edits)
                    if (e.name.rfind(what, 0) == 0) return true;
            return false;
        };
        RC_CLASSIFY(made("insert") || made("delete point"), "points inserted or deleted");
        RC_CLASSIFY(made("edit '"), "comments edited");
        RC_CLASSIFY(made("rename"), "waypoints renamed");
        const Level both = normalized(applied(base, oursEdits, theirsEdits));
        RC_ASSERT(both == normalized(applied(base, theirsEdits, oursEdits)));
        LevelMerge merge;
        const std::string text = merged(baseText, oursText, theirsText, &merge);
        for (const auto &c : merge.conflicts) RC_LOG() << "conflict: " << c.summary() << "\n";
        RC_ASSERT(merge.clean());
        const LoadResult result = readLevel(text, "merged");
        for (const Diagnostic &d : result.diagnostics) RC_LOG() << formatDiagnostic(d) << "\n" << text << "\n";
        RC_ASSERT(result.level.has_value());
        RC_ASSERT(normalized(*result.level) == both);
        const std::string swappedText = merged(baseText, theirsText, oursText);
        const LoadResult swapped = readLevel(swappedText, "swapped");
        RC_ASSERT(swapped.level.has_value());
        RC_ASSERT(normalized(*swapped.level) == both);
        std::map<std::string, std::string> asWritten;
        for (const Note &note : notes) asWritten[note.comment] = note.comment;
        const auto expected = editedNotes(theirsEdits, editedNotes(oursEdits, asWritten));
        for (const Note &note : notes) {
            const bool gone =
                !note.waypoint.empty() && std::none_of(result.level->waypoints.begin(), result.level->waypoints.end(),
                                                       [&](const Waypoint &w) { return w.id == note.waypoint; });
            const std::string want = expected.at(note.comment) + "\n";
            for (const std::string *in : {&text, &swappedText}) {
                if (!gone && in->find(want) == std::string::npos)
                    RC_LOG() << "lost " << want << "base:\n"
                             << baseText << "ours:\n"
                             << oursText << "theirs:\n"
                             << theirsText << "merged:\n"
                             << *in;
                if (!gone) RC_ASSERT(in->find(want) != std::string::npos);
            }
        }
        // A side merged with itself or with BASE is that side, byte for byte.
        RC_ASSERT(merged(baseText, oursText, oursText) == oursText);
        RC_ASSERT(merged(baseText, baseText, theirsText) == theirsText);
        RC_ASSERT(merged(baseText, oursText, baseText) == oursText);
    });
    ok = rc::check("no change of either side is dropped",
                   [] {
                       const Sides sides(false);
                       LevelMerge merge;
                       const std::string text = merged(sides.baseText, sides.oursText, sides.theirsText, &merge);
                       for (const auto &c : merge.conflicts) RC_LOG() << "conflict: " << c.summary() << "\n";
                       RC_TAG(merge.clean() ? "clean" : "conflicts");
                       const auto result = resultLevel(text);
                       RC_PRE(result.has_value()); // a clean merge that breaks a rule is refused by the driver
                       checkNothingDropped(*sides.base, *sides.oursRead.level, *sides.theirsRead.level, merge, *result);
                   }) &&
         ok;
    return ok ? 0 : 1;
}
