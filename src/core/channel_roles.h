// The one description of what RailForge itself reads from a rail's channels (docs/design.md "Data
// along rails"). Any channel goes to the engine as it is; a few names, and one event word, also mean
// something to the editor, the checks and the ride physics. Those meanings are rows here, next to the
// channel types (channel_types.h), so that a reader asks for a role, never for a name, and a new role
// is one row plus the code that reads it.
#pragma once

#include "core/channel.h"

#include <optional>
#include <string_view>
#include <vector>

namespace railforge::core {

enum class ChannelRole { Speed, Width, Lift, Brake, Events };

// How a role is found on a rail.
enum class RoleFoundBy {
    ChannelName, // a channel with one of the role's names and one of its types
    EventWord,   // a key of any event channel whose first word is the role's name
};

struct ChannelRoleInfo {
    ChannelRole role;
    std::vector<std::string_view> names; // the channel's name (or the event's word); the first is the role's own
    RoleFoundBy foundBy;
    std::vector<ChannelType> types; // the types that carry the role; the first is proposed for a new channel
    const char *meaning;            // what RailForge does with it, in the designer's words
};

// Every role, in the order docs and menus list them.
const std::vector<ChannelRoleInfo> &channelRoles();
// The description of one role.
const ChannelRoleInfo &channelRoleInfo(ChannelRole role);
// The role's own name ("speed"; "brake" for the event word).
std::string_view roleName(ChannelRole role);
// The role a channel with this name and type carries, if any (a "speed" channel of type string
// carries none: it is data like any other).
std::optional<ChannelRole> channelRoleOf(std::string_view name, ChannelType type);
// The type a new channel of this name is proposed: its role's first type; event for any other name
// with "event" in it; float otherwise. Letter case is ignored.
ChannelType proposedTypeForName(std::string_view name);

} // namespace railforge::core
