#include "document/merge/object_merge.h"

#include "document/merge/point_alignment.h"
#include "document/merge/rail_point_merge.h"
#include "document/merge/value_text.h"
#include "document/model/rail_channel.h"
#include "document/text/number_format.h"

#include <functional>
#include <tuple>

namespace railforge::document {
namespace {

// "ours sets <what> to <a>, theirs to <b>".
std::string setsDifferently(const std::string &what, const std::string &ours, const std::string &theirs)
{
    return "ours sets " + what + " to " + ours + ", theirs to " + theirs;
}

// A field whose values are told by `text`.
template <typename V, typename Text>
V field(const V &b, const V &o, const V &t, Side prefer, Disputes &d, const std::string &what, Text text)
{
    return mergeField(b, o, t, prefer, d,
                      [&](const V &ours, const V &theirs) { return setsDifferently(what, text(ours), text(theirs)); });
}

// A field too long to tell by value.
template <typename V>
V wholeField(const V &b, const V &o, const V &t, Side prefer, Disputes &d, const std::string &what)
{
    return mergeField(b, o, t, prefer, d, [&](const V &, const V &) { return "ours and theirs change " + what; });
}

std::string numberText(double v) { return formatNumber(v); }
std::string boolText(bool v) { return v ? "true" : "false"; }

// Where a channel key stands: at a control point, or at an arc length.
std::pair<long long, double> keyPlace(const ChannelKey &k)
{
    return k.point ? std::pair<long long, double>{static_cast<long long>(*k.point), 0.0}
                   : std::pair<long long, double>{-1, k.s};
}

// One channel merged; `placeName` tells where a key stands ("point 4", "s 80").
RailChannel mergeChannel(const RailChannel *base, const RailChannel &o, const RailChannel &t, Side prefer, Disputes &d,
                         const std::function<std::string(const ChannelKey &)> &placeName)
{
    if (!base) {
        if (o == t) return o;
        d.add("both add channel " + quotedId(o.name) + ", differently");
        return prefer == Side::Ours ? o : t;
    }
    RailChannel c = o;
    const std::string name = "channel " + quotedId(o.name);
    c.type = field(base->type, o.type, t.type, prefer, d, name + "'s type",
                   [](core::ChannelType v) { return std::string(channelTypeName(v)); });
    c.interp = field(base->interp, o.interp, t.interp, prefer, d, name + "'s interpolation",
                     [](core::ChannelInterp v) { return std::string(channelInterpName(v)); });
    c.keys = mergeKeyed(
        base->keys, o.keys, t.keys, prefer, d, keyPlace,
        [&](const ChannelKey *b, const ChannelKey &ok, const ChannelKey &tk) {
            const std::string what = name + " at " + placeName(ok);
            const auto text = [&](const ChannelKey &k) { return keyValueText(c.type, k.value); };
            if (!b) {
                if (ok == tk) return ok;
                d.add(setsDifferently(what, text(ok), text(tk)));
                return prefer == Side::Ours ? ok : tk;
            }
            return field(*b, ok, tk, prefer, d, what, text);
        },
        [&](const ChannelKey &kept, bool deletedByOurs) {
            return std::string(deletedByOurs ? "ours" : "theirs") + " deletes the key of " + name + " at " +
                   placeName(kept) + ", " + (deletedByOurs ? "theirs" : "ours") + " changes it";
        });
    return c;
}

} // namespace

Properties mergeProperties(const Properties &base, const Properties &ours, const Properties &theirs, Side prefer,
                           Disputes &d)
{
    return mergeKeyed(
        base, ours, theirs, prefer, d, [](const Property &p) { return p.name; },
        [&](const Property *b, const Property &o, const Property &t) {
            const std::string what = "property " + quotedId(o.name);
            const auto text = [](const Property &p) { return propertyValueText(p.value); };
            if (!b) {
                if (o == t) return o;
                d.add(setsDifferently(what, text(o), text(t)));
                return prefer == Side::Ours ? o : t;
            }
            return field(*b, o, t, prefer, d, what, text);
        },
        [](const Property &kept, bool deletedByOurs) {
            return std::string(deletedByOurs ? "ours" : "theirs") + " deletes property " + quotedId(kept.name) + ", " +
                   (deletedByOurs ? "theirs" : "ours") + " sets it to " + propertyValueText(kept.value);
        });
}

Waypoint mergeObject(const Waypoint &b, const Waypoint &o, const Waypoint &t, Side prefer, Disputes &d)
{
    Waypoint w = o;
    w.position = mergeField(b.position, o.position, t.position, prefer, d, [](const Vec3 &a, const Vec3 &c) {
        return "ours moves it to " + pointText(a) + ", theirs to " + pointText(c);
    });
    w.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
    return w;
}

Edge mergeObject(const Edge &b, const Edge &o, const Edge &t, Side prefer, Disputes &d)
{
    Edge e = o;
    e.bidirectional = field(b.bidirectional, o.bidirectional, t.bidirectional, prefer, d, "bidirectional", boolText);
    e.cost = field(b.cost, o.cost, t.cost, prefer, d, "its cost",
                   [](const std::optional<double> &c) { return c ? formatNumber(*c) : std::string("none"); });
    e.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
    return e;
}

Obstacle mergeObject(const Obstacle &b, const Obstacle &o, const Obstacle &t, Side prefer, Disputes &d)
{
    // The outline is one value: two reshapes of one obstacle are not merged point by point.
    const auto outline = [](const Obstacle &x) {
        Obstacle shape = x;
        shape.id.clear();
        shape.properties.clear();
        return shape;
    };
    Obstacle m = wholeField(outline(b), outline(o), outline(t), prefer, d, "its outline");
    m.id = o.id;
    m.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
    return m;
}

// A rail's track style part by part: one side's new ties and the other's new supports both stay.
std::optional<TrackStyle> mergeTrack(const std::optional<TrackStyle> &b, const std::optional<TrackStyle> &o,
                                     const std::optional<TrackStyle> &t, Side prefer, Disputes &d)
{
    if (o == t) return o;
    const bool has =
        field(b.has_value(), o.has_value(), t.has_value(), prefer, d, "whether it has a track style", boolText);
    if (!has) return std::nullopt;
    const TrackStyle bs = b.value_or(TrackStyle{}), os = o.value_or(TrackStyle{}), ts = t.value_or(TrackStyle{});
    const auto section = [](const TrackStyle &x) { return std::pair(x.section, x.outline); };
    const auto sectionText = [](const std::pair<TrackSectionKind, std::vector<std::array<double, 2>>> &x) {
        TrackStyle style;
        style.section = x.first;
        style.outline = x.second;
        return trackSectionText(style);
    };
    TrackStyle m;
    std::tie(m.section, m.outline) =
        field(section(bs), section(os), section(ts), prefer, d, "its track section", sectionText);
    m.size = field(bs.size, os.size, ts.size, prefer, d, "its track size", trackSizeText);
    m.ties = field(bs.ties, os.ties, ts.ties, prefer, d, "its ties", trackTiesText);
    m.supports = field(bs.supports, os.supports, ts.supports, prefer, d, "its supports", trackSupportsText);
    return m;
}

Rail mergeObject(const Rail &b, const Rail &o, const Rail &t, Side prefer, Disputes &d)
{
    Rail r = o;
    r.spline = field(b.spline, o.spline, t.spline, prefer, d, "its spline",
                     [](SplineKind k) { return std::string(splineKindName(k)); });
    r.alpha = field(b.alpha, o.alpha, t.alpha, prefer, d, "its alpha", numberText);
    r.frame = field(b.frame, o.frame, t.frame, prefer, d, "its frame",
                    [](FrameMode m) { return std::string(frameModeName(m)); });
    r.closed = field(b.closed, o.closed, t.closed, prefer, d, "closed", boolText);
    r.track = mergeTrack(b.track, o.track, t.track, prefer, d);
    // Points by identity; channel keys at points follow them: each side's keys are first named by the
    // BASE point (or the side's own new point) they stand at, merged so, then put at the merged points.
    const MergedPoints points = mergeRailPoints(b, o, t, prefer, d);
    r.points = points.points;
    r.handles = points.handles;
    r.tilts = points.tilts;
    constexpr std::size_t kOursNew = std::size_t(1) << 40, kTheirsNew = std::size_t(2) << 40;
    const PointAlignment alignO = alignPoints(b.points, o.points), alignT = alignPoints(b.points, t.points);
    const auto byIdentity = [](std::vector<RailChannel> channels, const PointAlignment &align, std::size_t fresh) {
        for (RailChannel &c : channels)
            for (ChannelKey &k : c.keys)
                if (k.point && *k.point < align.size()) k.point = align[*k.point] ? *align[*k.point] : fresh + *k.point;
        return channels;
    };
    // Where a key named by identity stands in the result (none: its point is gone).
    const auto merged = [&](std::size_t identity) -> std::optional<std::size_t> {
        const auto in = [](const std::vector<std::optional<std::size_t>> &from, std::size_t i) {
            return i < from.size() ? from[i] : std::nullopt;
        };
        if (identity >= kTheirsNew) return in(points.fromTheirs, identity - kTheirsNew);
        if (identity >= kOursNew) return in(points.fromOurs, identity - kOursNew);
        return in(points.fromBase, identity);
    };
    const auto placeName = [&](const ChannelKey &k) {
        if (!k.point) return channelKeyPlaceText(k);
        const auto at = merged(*k.point);
        if (*k.point < kOursNew)
            return "point " + std::to_string(*k.point) +
                   (at && *at != *k.point ? " (now " + std::to_string(*at) + ")" : "");
        return at ? "new point " + std::to_string(*at) : std::string("a new point");
    };
    if (points.wholeConflict) { // keys at points of a rail turned round: the preferred side's, whole
        r.channels = prefer == Side::Ours ? o.channels : t.channels;
        r.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
        return r;
    }
    const std::vector<RailChannel> baseChannels = b.channels;
    r.channels = mergeKeyed(
        baseChannels, byIdentity(o.channels, alignO, kOursNew), byIdentity(t.channels, alignT, kTheirsNew), prefer, d,
        [](const RailChannel &c) { return c.name; },
        [&](const RailChannel *bc, const RailChannel &oc, const RailChannel &tc) {
            return mergeChannel(bc, oc, tc, prefer, d, placeName);
        },
        [](const RailChannel &kept, bool deletedByOurs) {
            return std::string(deletedByOurs ? "ours" : "theirs") + " deletes channel " + quotedId(kept.name) + ", " +
                   (deletedByOurs ? "theirs" : "ours") + " changes it";
        });
    for (RailChannel &c : r.channels) {
        std::vector<ChannelKey> kept;
        for (ChannelKey &k : c.keys) {
            if (k.point) {
                const auto at = merged(*k.point);
                if (!at) continue; // its point is gone from the result
                k.point = *at;
            }
            kept.push_back(std::move(k));
        }
        c.keys = std::move(kept);
    }
    r.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
    return r;
}

Patrol mergeObject(const Patrol &b, const Patrol &o, const Patrol &t, Side prefer, Disputes &d)
{
    Patrol p = o;
    p.stops = field(b.stops, o.stops, t.stops, prefer, d, "its stops", [](const std::vector<std::string> &stops) {
        std::string text = "[";
        for (const auto &s : stops) text += (text.size() > 1 ? ", " : "") + s;
        return text + "]";
    });
    p.mode = field(b.mode, o.mode, t.mode, prefer, d, "its mode",
                   [](PatrolMode m) { return std::string(patrolModeName(m)); });
    p.agent = field(b.agent, o.agent, t.agent, prefer, d, "its agent", quotedId);
    p.follow = field(b.follow, o.follow, t.follow, prefer, d, "what it follows",
                     [](PatrolFollow f) { return std::string(patrolFollowName(f)); });
    const std::size_t n = b.smoothing.size();
    if (o.smoothing.size() == n && t.smoothing.size() == n) {
        for (std::size_t i = 0; i < n; ++i) {
            const std::string step = "step " + std::to_string(i + 1);
            const SmoothingStep &bs = b.smoothing[i], &os = o.smoothing[i], &ts = t.smoothing[i];
            SmoothingStep &ps = p.smoothing[i];
            ps.strategy = field(bs.strategy, os.strategy, ts.strategy, prefer, d, step + "'s strategy", quotedId);
            ps.enabled = field(bs.enabled, os.enabled, ts.enabled, prefer, d, step + " enabled", boolText);
            Disputes params;
            ps.params = mergeProperties(bs.params, os.params, ts.params, prefer, params);
            for (auto &text : params.described) d.add(step + ": " + text);
        }
    } else {
        p.smoothing = wholeField(b.smoothing, o.smoothing, t.smoothing, prefer, d, "its smoothing pipeline");
    }
    p.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
    return p;
}

Junction mergeObject(const Junction &b, const Junction &o, const Junction &t, Side prefer, Disputes &d)
{
    Junction j = o;
    const auto place = [](const Junction &x) { return std::tuple(x.rail, x.end, x.s); };
    std::tie(j.rail, j.end, j.s) =
        mergeField(place(b), place(o), place(t), prefer, d, [](const auto &a, const auto &c) {
            const auto text = [](const auto &p) {
                const auto &[rail, end, s] = p;
                return quotedId(rail) + (end ? std::string(" ") + railEndName(*end) : " s " + formatNumber(s));
            };
            return "ours places it at " + text(a) + ", theirs at " + text(c);
        });
    // Links by the rail end they join: one side linking a rail and the other another both stand.
    j.links = mergeKeyed(
        b.links, o.links, t.links, prefer, d,
        [](const JunctionLink &l) { return l.rail + (l.end == RailEnd::Start ? "\nstart" : "\nend"); },
        [](const JunctionLink *, const JunctionLink &ours, const JunctionLink &) { return ours; },
        [](const JunctionLink &kept, bool deletedByOurs) {
            return std::string(deletedByOurs ? "ours" : "theirs") + " unlinks " + quotedId(kept.rail) + ", " +
                   (deletedByOurs ? "theirs" : "ours") + " changes the link";
        });
    j.defaultWay = field(b.defaultWay, o.defaultWay, t.defaultWay, prefer, d, "its default way", quotedId);
    j.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
    return j;
}

Reference mergeObject(const Reference &b, const Reference &o, const Reference &t, Side prefer, Disputes &d)
{
    Reference r = o;
    r.kind = wholeField(b.kind, o.kind, t.kind, prefer, d, "its kind");
    r.file = field(b.file, o.file, t.file, prefer, d, "its file", quotedId);
    r.rect = wholeField(b.rect, o.rect, t.rect, prefer, d, "its rect");
    r.opacity = field(b.opacity, o.opacity, t.opacity, prefer, d, "its opacity", numberText);
    r.zRange = wholeField(b.zRange, o.zRange, t.zRange, prefer, d, "its z_range");
    r.up = wholeField(b.up, o.up, t.up, prefer, d, "its up axis");
    r.scale = field(b.scale, o.scale, t.scale, prefer, d, "its scale", numberText);
    r.rotate = field(b.rotate, o.rotate, t.rotate, prefer, d, "its rotation", numberText);
    r.translate = field(b.translate, o.translate, t.translate, prefer, d, "its translation", pointText);
    r.visible = field(b.visible, o.visible, t.visible, prefer, d, "visible", boolText);
    r.locked = field(b.locked, o.locked, t.locked, prefer, d, "locked", boolText);
    r.ground = field(b.ground, o.ground, t.ground, prefer, d, "ground", boolText);
    r.color = field(b.color, o.color, t.color, prefer, d, "its colour", quotedId);
    return r;
}

Agent mergeObject(const Agent &b, const Agent &o, const Agent &t, Side prefer, Disputes &d)
{
    Agent a = o;
    a.radius = field(b.radius, o.radius, t.radius, prefer, d, "its radius", numberText);
    a.height = field(b.height, o.height, t.height, prefer, d, "its height", numberText);
    a.climb = field(b.climb, o.climb, t.climb, prefer, d, "its climb", numberText);
    a.slope = field(b.slope, o.slope, t.slope, prefer, d, "its slope", numberText);
    a.cell = field(b.cell, o.cell, t.cell, prefer, d, "its navmesh cell",
                   [](const std::optional<double> &c) { return c ? formatNumber(*c) : std::string("the default"); });
    a.properties = mergeProperties(b.properties, o.properties, t.properties, prefer, d);
    return a;
}

LevelInfo mergeObject(const LevelInfo &b, const LevelInfo &o, const LevelInfo &t, Side prefer, Disputes &d)
{
    LevelInfo info;
    info.name = field(b.name, o.name, t.name, prefer, d, "its name", quotedId);
    info.units = field(b.units, o.units, t.units, prefer, d, "its units", quotedId);
    info.track = mergeTrack(b.track, o.track, t.track, prefer, d);
    return info;
}

} // namespace railforge::document
