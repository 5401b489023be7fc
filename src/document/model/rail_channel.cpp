#include "document/model/rail_channel.h"

#include "core/channel_types.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace railforge::document {

const char *channelTypeName(core::ChannelType type) { return core::channelTypeInfo(type).name; }

std::optional<core::ChannelType> channelTypeFromName(const std::string &name)
{
    for (const auto &info : core::channelTypes())
        if (name == info.name) return info.type;
    return std::nullopt;
}

const char *channelInterpName(core::ChannelInterp interp)
{
    switch (interp) {
    case core::ChannelInterp::Step: return "step";
    case core::ChannelInterp::Linear: return "linear";
    case core::ChannelInterp::Smoothstep: return "smoothstep";
    }
    return "step";
}

std::optional<core::ChannelInterp> channelInterpFromName(const std::string &name)
{
    for (auto interp : {core::ChannelInterp::Step, core::ChannelInterp::Linear, core::ChannelInterp::Smoothstep})
        if (name == channelInterpName(interp)) return interp;
    return std::nullopt;
}

core::ChannelInterp defaultInterp(core::ChannelType type)
{
    return core::interpolates(type) ? core::ChannelInterp::Linear : core::ChannelInterp::Step;
}

const RailChannel *roleChannel(const std::vector<RailChannel> &channels, core::ChannelRole role)
{
    for (const RailChannel &c : channels)
        if (core::channelRoleOf(c.name, c.type) == role) return &c;
    return nullptr;
}

double pointArcLength(const core::ArcLengthTable &table, std::size_t pointCount, std::size_t i)
{
    if (table.segments.empty()) return 0.0;
    // Point i starts segment i; the last point of an open curve ends the last segment.
    if (i >= table.segments.size() || (!table.closed && i + 1 >= pointCount && i > 0)) return core::totalLength(table);
    return core::arcLengthAt(table, {i, 0.0});
}

std::vector<core::ChannelSample> resolvedKeys(const RailChannel &channel, const core::ArcLengthTable &table,
                                              std::size_t pointCount)
{
    std::vector<core::ChannelSample> out;
    out.reserve(channel.keys.size());
    for (const ChannelKey &k : channel.keys)
        out.push_back({k.point ? pointArcLength(table, pointCount, *k.point) : k.s, k.value});
    std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.s < b.s; });
    return out;
}

std::string colourText(const std::array<double, 4> &rgba)
{
    auto byte = [](double c) { return int(std::lround(std::clamp(c, 0.0, 1.0) * 255)); };
    char text[16];
    if (byte(rgba[3]) == 255)
        std::snprintf(text, sizeof text, "#%02X%02X%02X", byte(rgba[0]), byte(rgba[1]), byte(rgba[2]));
    else
        std::snprintf(text, sizeof text, "#%02X%02X%02X%02X", byte(rgba[0]), byte(rgba[1]), byte(rgba[2]),
                      byte(rgba[3]));
    return text;
}

std::optional<std::array<double, 4>> colourFromText(const std::string &text)
{
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return std::nullopt;
    std::array<double, 4> rgba{0, 0, 0, 1};
    for (std::size_t c = 0; c * 2 + 1 < text.size(); ++c) {
        int value = 0;
        for (std::size_t k = 1 + 2 * c; k < 3 + 2 * c; ++k) {
            const char ch = text[k];
            const int digit = ch >= '0' && ch <= '9'   ? ch - '0'
                              : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                              : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                                       : -1;
            if (digit < 0) return std::nullopt;
            value = value * 16 + digit;
        }
        rgba[c] = value / 255.0;
    }
    return rgba;
}

void channelsPointInserted(std::vector<RailChannel> &channels, std::size_t i)
{
    for (RailChannel &channel : channels)
        for (ChannelKey &k : channel.keys)
            if (k.point && *k.point >= i) ++*k.point;
}

void channelsPointErased(std::vector<RailChannel> &channels, std::size_t i, double erasedS)
{
    for (RailChannel &channel : channels)
        for (ChannelKey &k : channel.keys) {
            if (!k.point) continue;
            if (*k.point == i) {
                k.point.reset();
                k.s = erasedS;
            } else if (*k.point > i) {
                --*k.point;
            }
        }
}

} // namespace railforge::document
