#include "document/editing/rail_channel_editing.h"

#include "core/channel_types.h"
#include "document/editing/level_editing.h"
#include "document/model/number_limits.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace railforge::document {
namespace {

struct RailLengths {
    core::ArcLengthTable table;
    double length = 0.0;
    // Two places closer than this are one (the loader's slack).
    double slack = 1e-9;
};

RailLengths lengthsOf(const Rail &rail)
{
    RailLengths out;
    if (rail.points.size() < 2) return out;
    out.table = geometryOfShape(rail)->table();
    out.length = core::totalLength(out.table);
    out.slack = std::max(1e-9, 16 * std::numeric_limits<double>::epsilon() * out.length);
    return out;
}

// The arc length of a place, s = length folded to 0 on a closed rail (one place there).
double placeS(const Rail &rail, const RailLengths &l, const ChannelPlace &place)
{
    const double s = place.point ? pointArcLength(l.table, rail.points.size(), *place.point) : place.s;
    return rail.closed && std::abs(s - l.length) <= l.slack ? 0.0 : s;
}

// Why `place` cannot hold a key of `channel` (other than key `except`), or "".
std::string placeProblem(const Rail &rail, const RailChannel &channel, const ChannelPlace &place,
                         std::optional<std::size_t> except)
{
    const RailLengths l = lengthsOf(rail);
    if (place.point && *place.point >= rail.points.size())
        return "point " + std::to_string(*place.point) + " is not on the rail (it has " +
               std::to_string(rail.points.size()) + " points)";
    if (!place.point && !(place.s >= -l.slack && place.s <= l.length + l.slack))
        return "s " + formatRounded(place.s, 3) + " is outside the rail (its length is " + formatRounded(l.length, 3) +
               ")";
    const double s = placeS(rail, l, place);
    for (std::size_t i = 0; i < channel.keys.size(); ++i) {
        if (except && *except == i) continue;
        const ChannelKey &k = channel.keys[i];
        const bool same = k.point && place.point ? *k.point == *place.point
                                                 : std::abs(placeS(rail, l, {k.point, k.s}) - s) <= l.slack;
        if (same) return "key " + std::to_string(i + 1) + " is already there (s = " + formatRounded(s, 3) + ")";
    }
    return {};
}

// Why a value is wrong for the type, or "".
std::string valueProblem(core::ChannelType type, const core::ChannelValue &value)
{
    const auto &info = core::channelTypeInfo(type);
    switch (info.form) {
    case core::ChannelForm::Real:
        if (!std::isfinite(value.number) || std::abs(value.number) > kMaxCoordinate) return "must be within ±1e9";
        return {};
    case core::ChannelForm::Integer:
        if (value.number != std::round(value.number) || std::abs(value.number) > kMaxChannelInteger)
            return "must be a whole number within ±2^53";
        return {};
    case core::ChannelForm::Truth:
        return value.number == 0.0 || value.number == 1.0 ? std::string() : "must be true or false";
    case core::ChannelForm::Text:
        return info.keysAreEvents && value.text.empty() ? "an event needs a name" : std::string();
    case core::ChannelForm::Colour:
        for (double c : value.colour)
            if (!(c >= 0.0 && c <= 1.0)) return "colour components must be within 0..1";
        return {};
    }
    return {};
}

std::string noChannel(const std::string &name) { return "the rail has no channel '" + name + "'"; }

std::string noKey(const RailChannel &channel, std::size_t key)
{
    return "channel '" + channel.name + "' has no key " + std::to_string(key + 1);
}

core::ChannelValue neutralValue(core::ChannelType type)
{
    const auto &info = core::channelTypeInfo(type);
    core::ChannelValue v;
    if (info.form == core::ChannelForm::Colour) v.colour = {1, 1, 1, 1};
    if (info.keysAreEvents) v.text = "event";
    return v;
}

} // namespace

RailChannel *findChannel(Rail &rail, const std::string &name)
{
    for (RailChannel &c : rail.channels)
        if (c.name == name) return &c;
    return nullptr;
}

const RailChannel *findChannel(const Rail &rail, const std::string &name)
{
    return findChannel(const_cast<Rail &>(rail), name);
}

std::optional<core::ChannelValue> channelValueFromText(core::ChannelType type, const std::string &text,
                                                       std::string *error)
{
    auto fail = [&](std::string why) -> std::optional<core::ChannelValue> {
        if (error) *error = std::move(why);
        return std::nullopt;
    };
    core::ChannelValue value;
    switch (core::channelTypeInfo(type).form) {
    case core::ChannelForm::Real:
    case core::ChannelForm::Integer: {
        double v = 0.0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size())
            return fail("'" + text + "' is not a number");
        value.number = v;
        break;
    }
    case core::ChannelForm::Truth:
        if (text == "true" || text == "yes" || text == "1")
            value.number = 1.0;
        else if (text == "false" || text == "no" || text == "0")
            value.number = 0.0;
        else
            return fail("'" + text + "' is not true or false");
        break;
    case core::ChannelForm::Text: value.text = text; break;
    case core::ChannelForm::Colour: {
        const auto rgba = colourFromText(text);
        if (!rgba) return fail("'" + text + "' is not a colour #RRGGBB or #RRGGBBAA");
        value.colour = *rgba;
        break;
    }
    }
    if (std::string why = valueProblem(type, value); !why.empty()) return fail(std::move(why));
    return value;
}

std::string channelValueText(core::ChannelType type, const core::ChannelValue &value)
{
    switch (core::channelTypeInfo(type).form) {
    case core::ChannelForm::Real: return formatRounded(value.number, 6);
    case core::ChannelForm::Integer: return formatRounded(value.number, 0);
    case core::ChannelForm::Truth: return value.number != 0.0 ? "true" : "false";
    case core::ChannelForm::Colour: return colourText(value.colour);
    case core::ChannelForm::Text: return value.text;
    }
    return {};
}

core::ChannelValue channelValueOnRail(const Rail &rail, const RailChannel &channel, double s)
{
    const RailLengths l = lengthsOf(rail);
    const auto keys = resolvedKeys(channel, l.table, rail.points.size());
    if (keys.empty()) return neutralValue(channel.type);
    if (core::channelTypeInfo(channel.type).keysAreEvents) return keys.front().value;
    return core::channelValueAt(channel.type, channel.interp, keys, s, l.length, rail.closed);
}

std::string addChannelKey(Rail &rail, const std::string &name, ChannelPlace place, core::ChannelValue value,
                          std::size_t *index)
{
    RailChannel *channel = findChannel(rail, name);
    if (!channel) return noChannel(name);
    if (std::string why = placeProblem(rail, *channel, place, std::nullopt); !why.empty()) return why;
    if (std::string why = valueProblem(channel->type, value); !why.empty()) return why;
    if (!place.point) place.s = std::clamp(place.s, 0.0, lengthsOf(rail).length);
    channel->keys.push_back({place.point, place.point ? 0.0 : place.s, std::move(value)});
    if (index) *index = channel->keys.size() - 1;
    return {};
}

std::string moveChannelKey(Rail &rail, const std::string &name, std::size_t key, ChannelPlace place)
{
    RailChannel *channel = findChannel(rail, name);
    if (!channel) return noChannel(name);
    if (key >= channel->keys.size()) return noKey(*channel, key);
    if (std::string why = placeProblem(rail, *channel, place, key); !why.empty()) return why;
    if (!place.point) place.s = std::clamp(place.s, 0.0, lengthsOf(rail).length);
    channel->keys[key].point = place.point;
    channel->keys[key].s = place.point ? 0.0 : place.s;
    return {};
}

std::string setChannelKeyValue(Rail &rail, const std::string &name, std::size_t key, core::ChannelValue value)
{
    RailChannel *channel = findChannel(rail, name);
    if (!channel) return noChannel(name);
    if (key >= channel->keys.size()) return noKey(*channel, key);
    if (std::string why = valueProblem(channel->type, value); !why.empty()) return why;
    channel->keys[key].value = std::move(value);
    return {};
}

std::string removeChannelKey(Rail &rail, const std::string &name, std::size_t key)
{
    RailChannel *channel = findChannel(rail, name);
    if (!channel) return noChannel(name);
    if (key >= channel->keys.size()) return noKey(*channel, key);
    if (channel->keys.size() == 1)
        return "channel '" + name + "' keeps at least one key: delete the channel in the inspector instead";
    channel->keys.erase(channel->keys.begin() + std::ptrdiff_t(key));
    return {};
}

std::string addChannel(Rail &rail, const std::string &name, core::ChannelType type,
                       std::optional<core::ChannelValue> value)
{
    if (name.empty()) return "a channel needs a name";
    if (findChannel(rail, name)) return "the rail already has a channel '" + name + "'";
    if (rail.points.empty()) return "the rail has no points";
    const core::ChannelValue first = value ? *value : neutralValue(type);
    if (std::string why = valueProblem(type, first); !why.empty()) return why;
    rail.channels.push_back({name, type, defaultInterp(type), {{std::size_t(0), 0.0, first}}});
    return {};
}

std::string removeChannel(Rail &rail, const std::string &name)
{
    const auto it =
        std::find_if(rail.channels.begin(), rail.channels.end(), [&](const RailChannel &c) { return c.name == name; });
    if (it == rail.channels.end()) return noChannel(name);
    rail.channels.erase(it);
    return {};
}

std::string setChannelInterp(Rail &rail, const std::string &name, core::ChannelInterp interp)
{
    RailChannel *channel = findChannel(rail, name);
    if (!channel) return noChannel(name);
    if (!core::interpolationAllowed(channel->type, interp))
        return std::string("a ") + channelTypeName(channel->type) + " channel cannot be " + channelInterpName(interp) +
               " (int, bool, string and event channels only step)";
    channel->interp = interp;
    return {};
}

std::string editRailChannels(LevelDocument &document, const std::string &rail, const RailChannelEdit &edit,
                             const QString &text, int mergeKey)
{
    std::string why;
    const bool found = findObject(document.level(), {ObjectKind::Rail, rail}).has_value();
    if (!found) return "there is no rail '" + rail + "'";
    editRail(
        document, rail,
        [&](const Rail &before) {
            Rail after = before;
            why = edit(after);
            return why.empty() ? after : before;
        },
        text, mergeKey);
    return why;
}

} // namespace railforge::document
