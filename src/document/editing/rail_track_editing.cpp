#include "document/editing/rail_track_editing.h"

#include "document/editing/level_editing.h"
#include "document/model/object_ref.h"

namespace railforge::document {

std::string setRailTrack(LevelDocument &document, const std::string &railId, const std::optional<TrackStyle> &style,
                         const QString &text)
{
    const auto at = findObject(document.level(), {ObjectKind::Rail, railId});
    if (!at) return "there is no rail '" + railId + "'";
    if (style)
        if (std::string why = whyBadTrackStyle(*style); !why.empty()) return "the track: " + why;
    Rail edited = document.level().rails[at->index];
    if (edited.track == style) return {};
    edited.track = style;
    changeObject(document, *at, std::move(edited), text);
    return {};
}

std::string setLevelTrack(LevelDocument &document, const std::optional<TrackStyle> &style, const QString &text)
{
    if (style)
        if (std::string why = whyBadTrackStyle(*style); !why.empty()) return "the level's track: " + why;
    LevelInfo info = document.level().info;
    if (info.track == style) return {};
    info.track = style;
    setLevelInfo(document, std::move(info), text);
    return {};
}

} // namespace railforge::document
