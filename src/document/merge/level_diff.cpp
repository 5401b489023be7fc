#include "document/merge/level_diff.h"

#include "document/merge/level_renames.h"
#include "document/merge/value_text.h"
#include "document/model/object_ref.h"
#include "document/model/rail_channel.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <map>
#include <set>

namespace railforge::document {
namespace {

// Collects "what: before → after" lines.
struct Fields {
    std::vector<std::string> lines;
    template <typename V, typename Text>
    void value(const std::string &what, const V &a, const V &b, Text text)
    {
        if (!(a == b)) lines.push_back(what + ": " + text(a) + " -> " + text(b));
    }
    template <typename V>
    void whole(const std::string &what, const V &a, const V &b)
    {
        if (!(a == b)) lines.push_back(what + " changed");
    }
};

std::string num(double v) { return formatNumber(v); }
std::string yesNo(bool v) { return v ? "true" : "false"; }
std::string moved(const Vec3 &a, const Vec3 &b) { return "moved by " + pointText(b - a); }

void properties(Fields &f, const Properties &a, const Properties &b, const std::string &prefix = "")
{
    for (const Property &p : a) {
        const Property *q = findProperty(b, p.name);
        if (!q)
            f.lines.push_back(prefix + "property " + quotedId(p.name) + " removed");
        else
            f.value(prefix + "property " + quotedId(p.name), p.value, q->value, propertyValueText);
    }
    for (const Property &q : b)
        if (!findProperty(a, q.name))
            f.lines.push_back(prefix + "property " + quotedId(q.name) + " added: " + propertyValueText(q.value));
}

void fields(Fields &f, const Waypoint &a, const Waypoint &b)
{
    if (a.position != b.position) f.lines.push_back(moved(a.position, b.position));
    properties(f, a.properties, b.properties);
}

void fields(Fields &f, const Edge &a, const Edge &b)
{
    f.value("bidirectional", a.bidirectional, b.bidirectional, yesNo);
    f.value("cost", a.cost, b.cost, [](const std::optional<double> &c) { return c ? num(*c) : std::string("none"); });
    properties(f, a.properties, b.properties);
}

void fields(Fields &f, const Obstacle &a, const Obstacle &b)
{
    Obstacle shapeA = a, shapeB = b;
    shapeA.properties = shapeB.properties = {};
    shapeA.id = shapeB.id;
    f.whole("outline", shapeA, shapeB);
    properties(f, a.properties, b.properties);
}

// A channel's changes key by key, matched by place: "channel 'speed': key at point 4: 18 -> 20".
void channelChanges(Fields &f, const RailChannel &a, const RailChannel &b)
{
    const std::string name = "channel " + quotedId(a.name);
    f.value(name + "'s type", a.type, b.type, [](core::ChannelType t) { return std::string(channelTypeName(t)); });
    f.value(name + "'s interpolation", a.interp, b.interp,
            [](core::ChannelInterp i) { return std::string(channelInterpName(i)); });
    const auto place = [](const ChannelKey &k) { return channelKeyPlaceText(k); };
    std::map<std::string, const ChannelKey *> after;
    for (const ChannelKey &k : b.keys) after.emplace(place(k), &k);
    std::set<std::string> kept;
    for (const ChannelKey &k : a.keys) {
        const auto other = after.find(place(k));
        if (other == after.end()) {
            f.lines.push_back(name + ": key at " + place(k) + " removed (" + keyValueText(a.type, k.value) + ")");
            continue;
        }
        kept.insert(place(k));
        if (!(k.value == other->second->value))
            f.lines.push_back(name + ": key at " + place(k) + ": " + keyValueText(a.type, k.value) + " -> " +
                              keyValueText(b.type, other->second->value));
    }
    for (const ChannelKey &k : b.keys)
        if (!kept.count(place(k)))
            f.lines.push_back(name + ": key at " + place(k) + " added: " + keyValueText(b.type, k.value));
}

void fields(Fields &f, const Rail &a, const Rail &b)
{
    f.value("spline", a.spline, b.spline, [](SplineKind k) { return std::string(splineKindName(k)); });
    f.value("alpha", a.alpha, b.alpha, num);
    f.value("frame", a.frame, b.frame, [](FrameMode m) { return std::string(frameModeName(m)); });
    f.value("closed", a.closed, b.closed, yesNo);
    f.value("track", a.track, b.track, trackStyleText);
    if (a.points.size() == b.points.size()) {
        for (std::size_t i = 0; i < a.points.size(); ++i) {
            const std::string point = "point " + std::to_string(i);
            if (a.points[i] != b.points[i]) f.lines.push_back(point + " " + moved(a.points[i], b.points[i]));
            const PointHandles ha = a.handles.empty() ? PointHandles{} : a.handles[i];
            const PointHandles hb = b.handles.empty() ? PointHandles{} : b.handles[i];
            f.value(point + " handle mode", ha.mode, hb.mode,
                    [](HandleMode m) { return std::string(handleModeName(m)); });
            if (ha.in != hb.in || ha.out != hb.out) f.lines.push_back(point + " handles moved");
            f.value(point + " tilt", a.tilts.empty() ? 0.0 : a.tilts[i], b.tilts.empty() ? 0.0 : b.tilts[i], num);
        }
    } else {
        f.lines.push_back("points: " + std::to_string(a.points.size()) + " -> " + std::to_string(b.points.size()));
    }
    for (const RailChannel &c : a.channels) {
        const auto q =
            std::find_if(b.channels.begin(), b.channels.end(), [&](const auto &x) { return x.name == c.name; });
        if (q == b.channels.end())
            f.lines.push_back("channel " + quotedId(c.name) + " removed");
        else
            channelChanges(f, c, *q);
    }
    for (const RailChannel &q : b.channels)
        if (std::none_of(a.channels.begin(), a.channels.end(), [&](const auto &x) { return x.name == q.name; }))
            f.lines.push_back("channel " + quotedId(q.name) + " added");
    properties(f, a.properties, b.properties);
}

void fields(Fields &f, const Patrol &a, const Patrol &b)
{
    f.value("stops", a.stops, b.stops, [](const std::vector<std::string> &stops) {
        std::string text = "[";
        for (const auto &s : stops) text += (text.size() > 1 ? ", " : "") + s;
        return text + "]";
    });
    f.value("mode", a.mode, b.mode, [](PatrolMode m) { return std::string(patrolModeName(m)); });
    f.value("agent", a.agent, b.agent,
            [](const std::string &id) { return id.empty() ? std::string("none") : quotedId(id); });
    f.value("follow", a.follow, b.follow, [](PatrolFollow x) { return std::string(patrolFollowName(x)); });
    f.whole("smoothing pipeline", a.smoothing, b.smoothing);
    properties(f, a.properties, b.properties);
}

void fields(Fields &f, const Junction &a, const Junction &b)
{
    const auto place = [](const Junction &j) {
        return quotedId(j.rail) + (j.end ? std::string(" ") + railEndName(*j.end) : " s " + num(j.s));
    };
    f.value("place", place(a), place(b), [](const std::string &s) { return s; });
    f.whole("links", a.links, b.links);
    f.value("default way", a.defaultWay, b.defaultWay, quotedId);
    properties(f, a.properties, b.properties);
}

void fields(Fields &f, const Reference &a, const Reference &b)
{
    f.value("file", a.file, b.file, quotedId);
    f.whole("rect", a.rect, b.rect);
    f.value("opacity", a.opacity, b.opacity, num);
    f.whole("z_range", a.zRange, b.zRange);
    f.value("scale", a.scale, b.scale, num);
    f.value("rotate", a.rotate, b.rotate, num);
    f.value("translate", a.translate, b.translate, pointText);
    f.value("visible", a.visible, b.visible, yesNo);
    f.value("locked", a.locked, b.locked, yesNo);
    f.value("ground", a.ground, b.ground, yesNo);
    f.value("color", a.color, b.color, quotedId);
    if (a.kind != b.kind || a.up != b.up) f.lines.push_back("kind or axes changed");
}

void fields(Fields &f, const Agent &a, const Agent &b)
{
    f.value("radius", a.radius, b.radius, num);
    f.value("height", a.height, b.height, num);
    f.value("climb", a.climb, b.climb, num);
    f.value("slope", a.slope, b.slope, num);
    f.value("navmesh cell", a.cell, b.cell,
            [](const std::optional<double> &c) { return c ? num(*c) : std::string("the default"); });
    properties(f, a.properties, b.properties);
}

// `a` is the level before with the renames already made (so edges and stops of a renamed waypoint
// match); a renamed object is reported under its old id.
template <typename T>
void diffList(const std::vector<T> &a, const std::vector<T> &b, const char *kind, const std::vector<Rename> &renames,
              std::vector<ObjectChange> &out)
{
    std::map<std::string, std::string> renamedFrom; // an object's id before, by its id after
    for (const Rename &r : renames)
        if (namedKindName(r.kind) == std::string(kind)) renamedFrom.emplace(r.to, r.from);
    const auto oldId = [&](const std::string &id) {
        const auto found = renamedFrom.find(id);
        return found == renamedFrom.end() ? id : found->second;
    };
    std::map<std::string, const T *> after; // b's objects by key, so each of a's is found in log time
    for (const T &y : b) after.emplace(objectKey(y), &y);
    std::set<std::string> kept;
    for (const T &x : a) {
        const std::string id = objectKey(x);
        const auto y = after.find(id);
        if (y == after.end()) {
            out.push_back({kind, oldId(id), ObjectChange::What::Removed, {}, {}});
            continue;
        }
        kept.insert(id);
        Fields f;
        fields(f, x, *y->second);
        if (oldId(id) != id)
            out.push_back({kind, oldId(id), ObjectChange::What::Renamed, id, f.lines});
        else if (!f.lines.empty())
            out.push_back({kind, id, ObjectChange::What::Changed, {}, f.lines});
    }
    for (const T &y : b)
        if (!kept.count(objectKey(y))) out.push_back({kind, objectKey(y), ObjectChange::What::Added, {}, {}});
}

} // namespace

std::vector<std::string> ObjectChange::lines() const
{
    const std::string name = kind == "level" ? std::string("level") : kind + " " + quotedId(id);
    switch (what) {
    case What::Added: return {name + " added"};
    case What::Removed: return {name + " removed"};
    case What::Renamed: {
        std::vector<std::string> out{name + " renamed to " + quotedId(renamedTo)};
        for (const auto &f : fields) out.push_back(kind + " " + quotedId(renamedTo) + ": " + f);
        return out;
    }
    case What::Changed: break;
    }
    std::vector<std::string> out;
    for (const auto &f : fields) out.push_back(name + ": " + f);
    return out;
}

std::vector<ObjectChange> diffLevels(const Level &before, const Level &after)
{
    std::vector<ObjectChange> out;
    Fields info;
    info.value("name", before.info.name, after.info.name, quotedId);
    info.value("units", before.info.units, after.info.units, quotedId);
    info.value("track", before.info.track, after.info.track, trackStyleText);
    if (!info.lines.empty()) out.push_back({"level", "", ObjectChange::What::Changed, {}, info.lines});
    const std::vector<Rename> renames = findRenames(before, after);
    // Edges and junctions compared after the renames, so a renamed waypoint's edges read as unchanged.
    Level renamed = before;
    applyRenames(renamed, renames);
    diffList(renamed.references, after.references, "reference", renames, out);
    diffList(renamed.waypoints, after.waypoints, "waypoint", renames, out);
    diffList(renamed.edges, after.edges, "edge", renames, out);
    diffList(renamed.obstacles, after.obstacles, "obstacle", renames, out);
    diffList(renamed.rails, after.rails, "rail", renames, out);
    diffList(renamed.patrols, after.patrols, "patrol", renames, out);
    diffList(renamed.junctions, after.junctions, "junction", renames, out);
    diffList(renamed.agents, after.agents, "agent", renames, out);
    return out;
}

const char *changeName(ObjectChange::What what)
{
    switch (what) {
    case ObjectChange::What::Added: return "added";
    case ObjectChange::What::Removed: return "removed";
    case ObjectChange::What::Renamed: return "renamed";
    case ObjectChange::What::Changed: return "changed";
    }
    return "changed";
}

} // namespace railforge::document
