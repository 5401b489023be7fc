#include "core/channel_roles.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace railforge::core {

const std::vector<ChannelRoleInfo> &channelRoles()
{
    static const std::vector<ChannelRoleInfo> roles = {
        {ChannelRole::Speed,
         {"speed"},
         RoleFoundBy::ChannelName,
         {ChannelType::Float, ChannelType::Int},
         "the rider's speed in level units a second: the profile's forces, auto-banking and the ride warnings "
         "read it; ride --bake writes it"},
        {ChannelRole::Width,
         {"width"},
         RoleFoundBy::ChannelName,
         {ChannelType::Float, ChannelType::Int},
         "how wide the rail is, in level units: the plan draws the band"},
        {ChannelRole::Lift,
         {"lift"},
         RoleFoundBy::ChannelName,
         {ChannelType::Bool, ChannelType::Float, ChannelType::Int},
         "a chain: true holds the rider at least at the chain speed, a number at that many level units a second"},
        {ChannelRole::Brake,
         {"brake"},
         RoleFoundBy::EventWord,
         {ChannelType::Event},
         "an event `brake` trims the speed to the brake speed, `brake 4` to 4 level units a second"},
        {ChannelRole::Events,
         {"events", "sounds"},
         RoleFoundBy::ChannelName,
         {ChannelType::Event},
         "things that happen at a place: the engine fires each key's name as the rider passes it"},
    };
    return roles;
}

const ChannelRoleInfo &channelRoleInfo(ChannelRole role)
{
    for (const auto &info : channelRoles())
        if (info.role == role) return info;
    return channelRoles().front(); // unreachable: every enum value has a row (tests/unit/core/test_channel_roles)
}

std::string_view roleName(ChannelRole role) { return channelRoleInfo(role).names.front(); }

namespace {

std::string lowered(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

} // namespace

std::optional<ChannelRole> channelRoleOf(std::string_view name, ChannelType type)
{
    for (const auto &info : channelRoles()) {
        if (info.foundBy != RoleFoundBy::ChannelName) continue;
        const bool named = std::find(info.names.begin(), info.names.end(), name) != info.names.end();
        if (named && std::find(info.types.begin(), info.types.end(), type) != info.types.end()) return info.role;
    }
    return std::nullopt;
}

ChannelType proposedTypeForName(std::string_view name)
{
    const std::string lower = lowered(name);
    for (const auto &info : channelRoles())
        if (info.foundBy == RoleFoundBy::ChannelName &&
            std::find(info.names.begin(), info.names.end(), lower) != info.names.end())
            return info.types.front();
    if (lower.find("event") != std::string::npos) return ChannelType::Event;
    return ChannelType::Float;
}

} // namespace railforge::core
