// Edits of a rail's channels (docs/design.md "Data along rails"): keys added, moved along the rail,
// given new values and deleted; channels added and removed, their interpolation changed. Pure
// functions on a Rail that say why they refuse (testable without a document), plus the document
// edits built on them, each one undo step. The rules are the loader's: one key per place, values of
// the channel's type within the input limits, a channel keeps at least one key.
#pragma once

#include "document/editing/level_document.h"

#include <optional>
#include <string>

namespace railforge::document {

// Where a key sits: at control point `point`, else at arc length `s`.
struct ChannelPlace {
    std::optional<std::size_t> point;
    double s = 0.0;
};

// The channel called `name`, or null.
RailChannel *findChannel(Rail &rail, const std::string &name);
const RailChannel *findChannel(const Rail &rail, const std::string &name);

// A value of a channel's type read from what the designer typed ("12.5", "7", "true", "#FF8800",
// "whoosh"); the reason it is refused otherwise. And the value written back the same way.
std::optional<core::ChannelValue> channelValueFromText(core::ChannelType type, const std::string &text,
                                                       std::string *error);
std::string channelValueText(core::ChannelType type, const core::ChannelValue &value);

// The value a channel has at s (its keys interpolated), as a new key there would start.
core::ChannelValue channelValueOnRail(const Rail &rail, const RailChannel &channel, double s);

// Each returns "" when done, else why not (and leaves the rail as it was).
// Adds a key; `index` (if given) receives its index in the channel's keys.
std::string addChannelKey(Rail &rail, const std::string &channel, ChannelPlace place, core::ChannelValue value,
                          std::size_t *index = nullptr);
// Moves key `key` to another place (a point key becomes an s key, or the other way round).
std::string moveChannelKey(Rail &rail, const std::string &channel, std::size_t key, ChannelPlace place);
std::string setChannelKeyValue(Rail &rail, const std::string &channel, std::size_t key, core::ChannelValue value);
// Deletes key `key`; a channel's only key stays (delete the channel instead).
std::string removeChannelKey(Rail &rail, const std::string &channel, std::size_t key);
// Adds a channel with one key at the first point: `value`, or the type's neutral value.
std::string addChannel(Rail &rail, const std::string &name, core::ChannelType type,
                       std::optional<core::ChannelValue> value = std::nullopt);
std::string removeChannel(Rail &rail, const std::string &name);
std::string setChannelInterp(Rail &rail, const std::string &name, core::ChannelInterp interp);

// The same as document edits of rail `rail` (one undo step; the same non-zero mergeKey merges, as in
// a drag). "" when done, else why not.
using RailChannelEdit = std::function<std::string(Rail &)>;
std::string editRailChannels(LevelDocument &document, const std::string &rail, const RailChannelEdit &edit,
                             const QString &text, int mergeKey = 0);

} // namespace railforge::document
