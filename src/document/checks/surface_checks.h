// A rail and the level's surfaces it rides among (docs/ui.md "The level's ground"): one that passes
// through a surface (a deck, a terrain) between two of its samples, and one that runs with less than
// a rider's headroom under a surface over it. Both are warnings at the place; running below the
// ground altogether is ground_checks.h's.
#pragma once

#include "core/ground.h"
#include "document/checks/level_problem.h"
#include "document/model/level.h"

#include <optional>

namespace railforge::document {

// The room a rider needs under a surface over the rail, in metres (fit-heights' default headroom for
// a 1.5 clearance): less is a warning.
inline constexpr double kRiderHeadroomMetres = 2.5;

// How far apart the ground checks sample a rail (level units).
inline constexpr double kUndergroundSpacing = 0.1;

// What one rail's samples found among the surfaces.
struct SurfaceTrouble {
    std::optional<double> crossingS; // where it first passes through a surface (arc length)
    std::optional<core::Vec3> crossing;
    double crossingSurface = 0.0; // the surface's height there
    std::optional<double> closeS; // where it is closest under a surface over it, when closer than the headroom
    std::optional<core::Vec3> close;
    double room = 0.0; // how much room there
};

// Samples every `spacing` (and every control point) of the rail's exact curve: a surface crossed
// between two samples is found by a ray along the chord where the surfaces above the two differ.
SurfaceTrouble railSurfaceTrouble(const Rail &rail, const core::GroundSet &ground, double spacing, double headroom);

// The warnings about rail r of `level` ("rail onto passes through a surface (z 6.00) at s = 41.3",
// "rail under runs 0.80 under a surface at s = 12.0 (a rider needs 2.50)").
LevelProblems surfaceProblems(const Level &level, std::size_t r, const core::GroundSet &ground);

} // namespace railforge::document
