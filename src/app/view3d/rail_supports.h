// Supports under the rails in the 3D view (docs/ui.md "3D view"): a thin vertical line from the rail
// down to the ground under it every few level units, so a designer sees at a glance how high a rail
// runs. Each is judged against the rail clearance (the height rails are placed above the ground):
// below it the rail is too low (or under the ground: the line then runs up to the surface), up to
// twice it the rail is close, above that it is clear.
#pragma once

#include "core/arc_length.h"
#include "core/ground.h"

#include <vector>

namespace railforge::app {

enum class SupportClearance { Low, Close, Clear };

struct Support {
    core::Vec3 top;      // on the rail
    double ground = 0.0; // the ground's height under it (core GroundSet::under, as the profile's)
    SupportClearance clearance = SupportClearance::Clear;
};

// How `clearance` (rail height above the ground) compares with the `limit` (the rail clearance).
SupportClearance judgeClearance(double clearance, double limit);

// The supports of a rail every `spacing` along it (from s = 0; its end too on an open rail), where
// there is ground under it.
std::vector<Support> railSupports(const core::ArcLengthTable &table, bool closed, const core::GroundSet &ground,
                                  double spacing, double limit);

// The spacing for rails of `totalLength` together: `preferred`, or wider by a power of two so that
// there are at most `most` supports in all (a big level stays cheap to draw and to rebuild; in steps,
// so that a drag changing the total length a little does not move every support).
double supportSpacing(double totalLength, double preferred = 4.0, double most = 20000.0);

} // namespace railforge::app
