// Property test (RapidCheck) of the three-way merge (docs/design.md "Merging levels"). Random levels
// (rail networks with junctions, channels keyed at points, waypoints joined by edges, a patrol, comment
// lines above objects) are edited on two sides by random sequences of edits that touch disjoint fields
// (point moves and tilts, channel key values, properties, waypoint moves, added waypoints and edges,
// deleted waypoints, a patrol's mode, a junction's default way, the level's name). Then:
// - the merge is clean, its text loads, and it equals (as a document: objects in any order) both
//   sequences applied one after the other, in either order; swapping the sides gives the same;
// - every comment of BASE above an object that is still there is still there;
// - merging a side with itself, or with BASE (either way round), gives that side byte for byte.
//
// RC_PARAMS="max_success=2000" runs more cases.
#include "document/merge/conflicted_level.h"
#include "document/merge/level_merge.h"
#include "document/model/junction_network.h"
#include "document/model/object_ref.h"
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
struct Edit {
    std::string name;
    std::vector<std::string> claims;
    std::function<void(Level &)> apply;
};

bool overlaps(const std::string &a, const std::string &b)
{
    const auto under = [](const std::string &x, const std::string &y) {
        return x == y || (y.size() > x.size() && y.compare(0, x.size(), x) == 0 && y[x.size()] == '/');
    };
    return under(a, b) || under(b, a);
}

bool clashes(const Edit &e, const std::vector<std::string> &claims)
{
    for (const auto &c : e.claims)
        for (const auto &d : claims)
            if (overlaps(c, d)) return true;
    return false;
}

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
    const int kind = *rc::gen::inRange(0, 11);
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
        return {"move point " + std::to_string(i) + " of " + id,
                {"r/" + id + "/p/" + std::to_string(i)},
                [=](Level &l) { byId(l.rails, id)->points[i] += d; }};
    }
    case 1: { // tilt a point
        const Rail &r = someRail();
        const std::size_t i = std::size_t(*rc::gen::inRange(0, int(r.points.size())));
        const double t = value();
        const std::string id = r.id;
        return {
            "tilt point " + std::to_string(i) + " of " + id, {"r/" + id + "/tilt/" + std::to_string(i)}, [=](Level &l) {
                Rail &x = *byId(l.rails, id);
                if (x.tilts.empty()) x.tilts.assign(x.points.size(), 0.0);
                x.tilts[i] = t;
            }};
    }
    case 2: { // a channel key's value
        const Rail &r = someRail();
        if (r.channels.empty() || r.channels[0].keys.empty()) break;
        const std::size_t k = std::size_t(*rc::gen::inRange(0, int(r.channels[0].keys.size())));
        const double v = value();
        const std::string id = r.id;
        return {"key " + std::to_string(k) + " of " + id,
                {"r/" + id + "/ch/speed/" + std::to_string(k)},
                [=](Level &l) { byId(l.rails, id)->channels[0].keys[k].value.number = v; }};
    }
    case 3: { // a rail's property
        const Rail &r = someRail();
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
    for (int serial = 0; serial < count; ++serial) {
        Edit e = randomEdit(now, side, serial);
        if (clashes(e, avoid)) continue;
        // A waypoint this side deletes is not one the other side uses (claims "w/x/used" under "w/x").
        e.apply(now);
        claims.insert(claims.end(), e.claims.begin(), e.claims.end());
        edits.push_back(std::move(e));
    }
    return edits;
}

Level applied(Level level, const std::vector<Edit> &edits)
{
    for (const Edit &e : edits) e.apply(level);
    return level;
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

// A comment above an object of the text, and the waypoint it stands above (empty for other objects,
// which no edit deletes).
struct Note {
    std::string comment;
    std::string waypoint;
};

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
    level.patrols.push_back({"guard", {"w0", "w1"}, PatrolMode::Loop, {}, {}});
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

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const bool ok = rc::check("edits of disjoint fields merge into both", [] {
        const Level generated = randomLevel();
        std::vector<Note> notes;
        const std::string baseText = commented(writeLevel(generated), notes);
        const LoadResult loaded = readLevel(baseText, "base.yaml");
        RC_PRE(loaded.level.has_value());
        const Level &base = *loaded.level;

        std::vector<std::string> oursClaims, theirsClaims;
        const auto oursEdits = randomEdits(base, "o", *rc::gen::inRange(1, 7), {}, oursClaims);
        const auto theirsEdits = randomEdits(base, "t", *rc::gen::inRange(1, 7), oursClaims, theirsClaims);
        for (const auto &e : oursEdits) RC_LOG() << "ours: " << e.name << "\n";
        for (const auto &e : theirsEdits) RC_LOG() << "theirs: " << e.name << "\n";
        const Level ours = applied(base, oursEdits), theirs = applied(base, theirsEdits);
        // The editor's saves: each side written over BASE's text.
        const std::string oursText = rewriteLevel(baseText, ours, &base).text;
        const std::string theirsText = rewriteLevel(baseText, theirs, &base).text;
        const LoadResult oursRead = readLevel(oursText, "ours"), theirsRead = readLevel(theirsText, "theirs");
        RC_PRE(oursRead.level.has_value() && theirsRead.level.has_value()); // an edit made the level break a rule

        const Level both = normalized(applied(ours, theirsEdits));
        RC_ASSERT(both == normalized(applied(theirs, oursEdits)));
        LevelMerge merge;
        const std::string text = merged(baseText, oursText, theirsText, &merge);
        for (const auto &c : merge.conflicts) RC_LOG() << "conflict: " << c.summary() << "\n";
        RC_ASSERT(merge.clean());
        const LoadResult result = readLevel(text, "merged");
        for (const Diagnostic &d : result.diagnostics) RC_LOG() << formatDiagnostic(d) << "\n" << text << "\n";
        RC_ASSERT(result.level.has_value());
        RC_ASSERT(normalized(*result.level) == both);
        const LoadResult swapped = readLevel(merged(baseText, theirsText, oursText), "swapped");
        RC_ASSERT(swapped.level.has_value());
        RC_ASSERT(normalized(*swapped.level) == both);
        for (const Note &note : notes) {
            const bool gone =
                !note.waypoint.empty() && std::none_of(result.level->waypoints.begin(), result.level->waypoints.end(),
                                                       [&](const Waypoint &w) { return w.id == note.waypoint; });
            if (!gone && text.find(note.comment + "\n") == std::string::npos)
                RC_LOG() << "lost " << note.comment << "\nbase:\n"
                         << baseText << "ours:\n"
                         << oursText << "theirs:\n"
                         << theirsText << "merged:\n"
                         << text;
            if (!gone) RC_ASSERT(text.find(note.comment + "\n") != std::string::npos);
        }
        // A side merged with itself or with BASE is that side, byte for byte.
        RC_ASSERT(merged(baseText, oursText, oursText) == oursText);
        RC_ASSERT(merged(baseText, baseText, theirsText) == theirsText);
        RC_ASSERT(merged(baseText, oursText, baseText) == oursText);
    });
    return ok ? 0 : 1;
}
