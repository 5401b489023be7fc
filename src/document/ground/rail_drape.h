// Drape as the designer asks for it (the editor's Ground… → Drape, `railforge-cli drape`): control
// points onto the ground plus a clearance, optionally points added where the rail strays from the
// ground between them, and never a stretch steeper than a grade limit: where following the ground
// would dive down a cliff, points are lifted instead (the lowest heights that keep the grade, an
// upper envelope of cones over the draped points), and the designer is told where.
#pragma once

#include "core/ground.h"
#include "document/model/level.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace railforge::document {

struct DrapeOptions {
    double clearance = 0.0;
    std::optional<double> follow;  // add points where the curve strays more than this between points
    double maxGradeDegrees = 35.0; // no stretch of the result is steeper
    std::size_t maxAdded = 200;    // at most this many points added
    // Samples of the grade check along the rail, at most (FileRules::maxRailSamples): a longer rail is
    // refused, never checked more coarsely.
    std::int64_t maxSamples = 10'000'000;
};

struct DrapeOutcome {
    std::string error; // why nothing was draped (the rail is too long to check): then `rail` is the input
    Rail rail;
    std::size_t points = 0;                        // control points of the rail before
    std::size_t covered = 0;                       // of them, with ground under them
    std::size_t added = 0;                         // points added between
    bool capped = false;                           // it stopped adding at maxAdded
    std::vector<std::pair<double, double>> lifted; // stretches lifted to keep the grade, as s ranges
};

// The rail draped by `options` over `ground`.
DrapeOutcome drapeRail(const Rail &rail, const core::GroundSet &ground, const DrapeOptions &options);

// "draped 9 points; added 23; 2 stretches lifted to keep the 35° limit: s 40–44, s 96–97".
std::string describeDrape(const DrapeOutcome &outcome, double maxGradeDegrees);

// How often drape checks the grade along the rail.
constexpr double kGradeSpacing = 0.25;

// The steepest pitch of a rail's curve, in degrees, from samples every `spacing` (and at least 2,000).
double steepestPitch(const Rail &rail, double spacing = kGradeSpacing);

} // namespace railforge::document
