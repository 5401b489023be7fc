#include "document/yaml/rail_channel_reader.h"

#include "core/channel_types.h"
#include "document/model/number_limits.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

namespace railforge::document {
namespace {

// Integers a channel holds exactly (what a double and every engine's number keep).

std::optional<core::ChannelValue> readValue(NodeReader &r, const YamlNode &node, core::ChannelType type,
                                            const std::string &what)
{
    core::ChannelValue value;
    const auto &info = core::channelTypeInfo(type);
    switch (info.form) {
    case core::ChannelForm::Real: {
        const auto v = r.number(node, what);
        if (!v) return std::nullopt;
        if (std::abs(*v) > kMaxCoordinate) {
            r.error(node, what + " must be within ±1e9, got " + node.Scalar());
            return std::nullopt;
        }
        value.number = *v;
        return value;
    }
    case core::ChannelForm::Integer: {
        const auto v = r.integer(node, what);
        if (!v) return std::nullopt;
        if (std::abs(double(*v)) > kMaxChannelInteger) {
            r.error(node, what + " must be within ±2^53, got " + node.Scalar());
            return std::nullopt;
        }
        value.number = double(*v);
        return value;
    }
    case core::ChannelForm::Truth: {
        const auto v = r.boolean(node, what);
        if (!v) return std::nullopt;
        value.number = *v ? 1.0 : 0.0;
        return value;
    }
    case core::ChannelForm::Text: {
        const auto v = r.string(node, what);
        if (!v) return std::nullopt;
        if (info.keysAreEvents && v->empty()) {
            r.error(node, what + " must name the event");
            return std::nullopt;
        }
        value.text = *v;
        return value;
    }
    case core::ChannelForm::Colour: {
        const auto v = r.string(node, what);
        if (!v) return std::nullopt;
        const auto rgba = colourFromText(*v);
        if (!rgba) {
            r.error(node, what + " must be a colour \"#RRGGBB\" or \"#RRGGBBAA\", got '" + *v + "'");
            return std::nullopt;
        }
        value.colour = *rgba;
        return value;
    }
    }
    return std::nullopt;
}

std::optional<RailChannel> readChannel(NodeReader &r, const YamlNode &node, const std::string &name,
                                       const std::string &what, const Rail &rail,
                                       const std::optional<core::ArcLengthTable> &table)
{
    if (!r.expectMap(node, what)) return std::nullopt;
    r.warnUnknownKeys(node, {"type", "interp", "keys"}, what);
    RailChannel channel;
    channel.name = name;
    bool fine = true;
    const YamlNode typeNode = r.required(node, "type", what);
    if (!typeNode) return std::nullopt;
    const auto typeText = r.string(typeNode, what + " type");
    if (!typeText) return std::nullopt;
    const auto type = channelTypeFromName(*typeText);
    if (!type) {
        r.error(typeNode,
                what + " has unknown type '" + *typeText + "' (use float, int, bool, string, colour or event)");
        return std::nullopt;
    }
    channel.type = *type;
    channel.interp = defaultInterp(*type);
    if (const YamlNode interpNode = node["interp"]) {
        const auto interpText = r.string(interpNode, what + " interp");
        const auto interp = interpText ? channelInterpFromName(*interpText) : std::nullopt;
        if (interpText && !interp) {
            r.error(interpNode, what + " has unknown interp '" + *interpText + "' (use step, linear or smoothstep)");
            fine = false;
        } else if (interp && !core::interpolationAllowed(*type, *interp)) {
            r.error(interpNode, what + " is " + *typeText + ": it cannot be " + *interpText +
                                    " (int, bool, string and event channels only step)");
            fine = false;
        } else if (interp) {
            channel.interp = *interp;
        } else {
            fine = false;
        }
    }
    const YamlNode keys = r.required(node, "keys", what);
    if (!keys || !r.expectSequence(keys, what + " keys")) return std::nullopt;
    if (keys.size() == 0) {
        r.error(keys, what + " needs at least one key");
        return std::nullopt;
    }
    const double length = table ? core::totalLength(*table) : 0.0;
    // Two places closer than a few rounding errors of the length are one place (distinct control
    // points never are: consecutive points are at least kMinRailSegment apart).
    const double slack = std::max(1e-9, 16 * std::numeric_limits<double>::epsilon() * length);
    struct Place {
        double s;
        std::size_t key;
        YAML::Mark mark;
        double at; // as the message says it
    };
    std::vector<Place> places; // each key read
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const YamlNode key = keys[i];
        const std::string keyWhat = what + " key " + std::to_string(i + 1);
        if (!r.expectMap(key, keyWhat)) {
            fine = false;
            continue;
        }
        r.warnUnknownKeys(key, {"point", "s", "value"}, keyWhat);
        ChannelKey k;
        const YamlNode pointNode = key["point"], sNode = key["s"];
        if (pointNode && sNode) {
            r.error(key, keyWhat + " has both 'point' and 's': a key sits at a control point or at an arc length");
            fine = false;
            continue;
        }
        if (!pointNode && !sNode) {
            r.error(key, keyWhat + " needs 'point' (a control point index) or 's' (an arc length)");
            fine = false;
            continue;
        }
        double at = 0.0;
        if (pointNode) {
            const auto p = r.integer(pointNode, keyWhat + " point");
            if (!p) {
                fine = false;
                continue;
            }
            if (*p < 0 || std::size_t(*p) >= rail.points.size()) {
                r.error(pointNode, keyWhat + " point " + std::to_string(*p) + " is out of range (the rail has " +
                                       std::to_string(rail.points.size()) + " points, 0 to " +
                                       std::to_string(rail.points.size() - 1) + ")");
                fine = false;
                continue;
            }
            k.point = std::size_t(*p);
            at = table ? pointArcLength(*table, rail.points.size(), *k.point) : double(*p);
        } else {
            const auto s = r.number(sNode, keyWhat + " s");
            if (!s) {
                fine = false;
                continue;
            }
            if (table && (*s < -slack || *s > length + slack)) {
                r.error(sNode, keyWhat + " s " + sNode.Scalar() + " is outside the rail (its length is " +
                                   formatRounded(length, 3) + ")");
                fine = false;
                continue;
            }
            k.s = std::clamp(*s, 0.0, length > 0 ? length : *s);
            at = k.s;
        }
        const YamlNode valueNode = r.required(key, "value", keyWhat);
        if (!valueNode) {
            fine = false;
            continue;
        }
        const auto value = readValue(r, valueNode, channel.type, keyWhat + " value");
        if (!value) {
            fine = false;
            continue;
        }
        k.value = *value;
        // On a closed rail s = length is s = 0 again.
        const double place = rail.closed && table && std::abs(at - length) <= slack ? 0.0 : at;
        places.push_back({place, i, key.Mark(), at});
        channel.keys.push_back(std::move(k));
    }
    // Each key that shares its place with an earlier one, said once against the first key there. Sorted
    // by place with a window of `slack`, so 20,000 keys at one place cost n log n, not n squared.
    // (Distinct control points are never within `slack`: consecutive ones are kMinRailSegment apart.)
    std::sort(places.begin(), places.end(),
              [](const Place &a, const Place &b) { return std::tie(a.s, a.key) < std::tie(b.s, b.key); });
    std::multiset<std::size_t> window;                       // keys within slack of the current place
    std::vector<std::pair<std::size_t, std::size_t>> sameAs; // (key, first key at its place)
    for (std::size_t lo = 0, hi = 0, i = 0; i < places.size(); ++i) {
        for (; hi < places.size() && places[hi].s <= places[i].s + slack; ++hi) window.insert(places[hi].key);
        for (; places[lo].s < places[i].s - slack; ++lo) window.erase(window.find(places[lo].key));
        if (*window.begin() < places[i].key) sameAs.emplace_back(i, *window.begin());
    }
    for (const auto &[i, first] : sameAs) {
        const Place &p = places[i];
        r.error(p.mark, what + " key " + std::to_string(p.key + 1) + " is at the same place as key " +
                            std::to_string(first + 1) + " (s = " + formatRounded(p.at, 3) + "): one value per place");
        fine = false;
    }
    if (!fine) return std::nullopt;
    return channel;
}

} // namespace

std::vector<RailChannel> readRailChannels(NodeReader &reader, const YamlNode &node, const std::string &railName,
                                          const Rail &rail)
{
    std::vector<RailChannel> out;
    const std::string what = railName + " channels";
    if (!reader.expectMap(node, what)) return out;
    std::optional<core::ArcLengthTable> table;
    if (rail.points.size() >= 2) table = geometryOfShape(rail)->table();
    for (const auto &entry : node) {
        const auto name = reader.id(entry.first, what + " name");
        if (!name) continue;
        if (auto channel = readChannel(reader, entry.second, *name, railName + " channel '" + *name + "'", rail, table))
            out.push_back(std::move(*channel));
    }
    return out;
}

} // namespace railforge::document
