// Places kept by arc length along rails stay where the designer put them through every edit of
// their rail (model/rail_place_map.h): a mid-rail junction's s and each channel key at s are
// written anew for the rail's new curve. A junction whose segment the edit removed goes; a channel
// key whose segment went goes too, unless it is its channel's last key (then it stays at the
// nearest end).
#pragma once

#include "document/model/level.h"

#include <set>
#include <string>
#include <vector>

namespace railforge::document {

// `after` is `before` with the rails named in `touched` changed in place. Rewrites the places along
// those rails in `after`; returns the ids of the junctions it removed.
std::vector<std::string> keepPlacesAlongRails(const Level &before, Level &after, const std::set<std::string> &touched);

// The places of one rail's channels after its curve changed from `before` to `rail`'s own.
void keepChannelPlaces(const Rail &before, Rail &rail);

} // namespace railforge::document
