// Where a rail's heights may go along its plan path (rail_height_fit.h): at each place, the air gap
// between two of the level's surfaces it keeps to, at least the clearance above the surface under it
// and at least the headroom below the surface over it. Over or under a deck is chosen per stretch
// from the designer's own heights, so a rail drawn onto a deck rides over all of it and one drawn
// under it stays under, even where the designer's curve dips through the deck's edge.
#pragma once

#include "core/ground.h"

#include <vector>

namespace railforge::document {

// One place's gap, as the fit uses it.
struct BandPlace {
    double ground = 0.0;   // the surface under the gap (NaN: no ground there)
    double overhead = 0.0; // the surface over it (NaN: open sky)
    double floor = 0.0;    // ground + clearance; the designer's own height where there is no ground
    double ceiling = 0.0;  // overhead - headroom; +infinity under open sky
};

// The gaps at places (x, y) whose designer's height is z: the gaps at a place are those between two
// surfaces (surfacesAt) at least clearance + headroom apart, and the one over the highest surface.
// Where a stretch of places has more than one, the whole stretch keeps to the same one counted from
// the top (the one most of its designer's heights are nearest), or where a place has fewer, its own
// nearest.
std::vector<BandPlace> railBand(const core::GroundSet &ground, const std::vector<core::Vec3> &places, double clearance,
                                double headroom);

} // namespace railforge::document
