// The one description of each channel type (docs/architecture.md "Adding a channel type"): its
// word in files, how its values are held, read and written, and how it reads between keys. The
// YAML reader and writer, the CSV and JSON exports, the editor's text fields, the profile's lanes
// and the rules all ask this table instead of naming types, so a new type that holds its values in
// an existing form is one row here.
#pragma once

#include "core/channel.h"

#include <vector>

namespace railforge::core {

// How a type's values are held in ChannelValue and written in each format:
//
// | form    | held in       | YAML             | CSV cell         | JSON         | editor text  |
// |---------|---------------|------------------|------------------|--------------|--------------|
// | Real    | number        | number           | number           | number       | 6 decimals   |
// | Integer | number, whole | integer          | integer          | integer      | whole number |
// | Truth   | number, 0 / 1 | true / false     | true / false     | true / false | true / false |
// | Text    | text          | string           | quoted if needed | string       | as typed     |
// | Colour  | colour (RGBA) | "#RRGGBB[AA]"    | "#RRGGBB[AA]"    | [r, g, b, a] | #RRGGBB[AA]  |
enum class ChannelForm { Real, Integer, Truth, Text, Colour };

struct ChannelTypeInfo {
    ChannelType type;
    const char *name;   // its word in YAML, in the export and in the Godot importer ("float")
    ChannelForm form;   // how its values are held, read and written
    bool interpolates;  // values blend between keys (linear, smoothstep); else they step
    bool keysAreEvents; // each key is something that happens there: a name, no value between keys
};

// Every channel type, in the order menus offer them.
const std::vector<ChannelTypeInfo> &channelTypes();
// The description of one type.
const ChannelTypeInfo &channelTypeInfo(ChannelType type);
// Whether a type's values are numbers on a scale (float, int): speeds, widths, lanes with a range.
bool holdsNumber(ChannelType type);

} // namespace railforge::core
