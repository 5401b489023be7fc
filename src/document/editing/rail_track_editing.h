// A rail's track style, and the level's default one, edited (docs/design.md "Track meshes"): the one
// place that checks a style before it goes in, for the inspector and any other caller.
#pragma once

#include "document/editing/level_document.h"
#include "document/model/track_style.h"

#include <QString>

#include <optional>
#include <string>

namespace railforge::document {

// Gives rail `railId` the track style `style` (none: the default) as one undo step named `text`.
// "" when taken or when nothing changes; else why not (no such rail, a style whyBadTrackStyle refuses).
std::string setRailTrack(LevelDocument &document, const std::string &railId, const std::optional<TrackStyle> &style,
                         const QString &text);

// Makes `style` the level's default track (none: two running rails), the one every rail without its
// own style has, as one undo step named `text`. "" when taken or when nothing changes; else why not.
std::string setLevelTrack(LevelDocument &document, const std::optional<TrackStyle> &style, const QString &text);

} // namespace railforge::document
