// Joining a dragged rail end onto another rail (docs/ui.md "Junctions"): the one rule the plan's
// select tool and the 3D view's drag both follow. Each view says which rails it shows near the
// pointer (its own picking, in its own projection); the rule chooses among them.
#pragma once

#include "app/editor/kind_layers.h"
#include "document/model/rail_geometry_cache.h"

#include <functional>
#include <optional>
#include <span>
#include <string>

namespace railforge::app {

// How near a dragged rail end must show to another rail's curve to snap onto it, and how near that
// place must show to the rail's own end to take the end itself (screen pixels, in either view).
inline constexpr double kJoinPixels = 12.0;

// A rail a view shows near the pointer.
struct JoinCandidate {
    std::size_t rail = 0;     // its index in the level
    double s = 0.0;           // the arc length of its place nearest the pointer
    double pixels = 0.0;      // how far that place shows from the pointer
    double startPixels = 0.0; // how far it shows from the rail's start
    double endPixels = 0.0;   // and from its end
};

// Where a dragged end would join: the rail, the arc length along it, the point there.
struct JoinTarget {
    std::string rail;
    double s = 0.0;
    core::Vec3 point;
};

// Where the end of rail `held` joins, among `candidates`: the nearest on screen within kJoinPixels,
// of a rail other than `held` whose kind can be picked (`layers`: shown and unlocked; null for
// all); its place along the rail snapped by `snapS` (the grid's step when snapping is on), and an
// open rail's own end when the place shows within kJoinPixels of it. Nothing when none qualifies.
std::optional<JoinTarget> chooseJoin(const document::Level &level, const std::string &held,
                                     std::span<const JoinCandidate> candidates, const KindLayers *layers,
                                     const std::function<double(double)> &snapS,
                                     const document::RailGeometryOf &geometryOf);

} // namespace railforge::app
