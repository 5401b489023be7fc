// Fit heights (the editor's Ground… → Fit, `railforge-cli fit-heights`): a rail's heights set to the
// lowest profile along its plan path that keeps a clearance above the surface under it and a headroom
// below any surface over it (over or under a deck per stretch, rail_band.h), is nowhere steeper than a
// grade and, at a design speed, keeps the rider's vertical force within a range, as NoLimits' vertical
// smoothing does for coasters. The lowest profile is exact (an upper envelope of cones,
// core/grade_envelope.h), its crests and valleys are rounded for the forces (core/vertical_shaping.h);
// the rail becomes a Bezier rail following it, its handles along the profile's slope, with control
// points added only where one cubic cannot follow.
#pragma once

#include "core/ground.h"
#include "document/model/level.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace railforge::document {

struct FitHeightsOptions {
    double clearance = 1.0;         // at least this above the surface under the rail (level units)
    double headroom = std::nan(""); // at least this below a surface over the rail (NaN: clearance + 1)
    double maxGradeDegrees = 6.0;   // no stretch steeper (pitch against the plan)
    double tolerance = 0.25;        // heights within this of the profile followed; the plan moves less
    bool keepEnds = false;          // the first and last points keep their heights
    std::size_t maxAdded = 5000;    // at most this many points added
    // The rider's vertical force (in g) kept within [minG, maxG] at this speed (m/s); NaN: the fastest
    // of the rail's speed channel, and without one no forces are kept (the profile is only smoothed).
    double speed = std::nan("");
    double minG = -0.5;
    double maxG = 3.5;
    double metresPerUnit = 1.0; // the level's units, for the forces
    // Samples of the profile along the rail, at most (FileRules::maxRailSamples): a longer rail or a
    // finer tolerance is refused, never sampled more coarsely than the tolerance asks.
    std::int64_t maxSamples = 10'000'000;
};

// A stretch where no profile within the grade keeps both the clearance over the surface under the
// rail and the headroom under the one over it (the rail is fitted to the clearance there).
struct BlockedStretch {
    double from = 0.0, to = 0.0;       // plan distance
    double overhead = 0.0;             // the surface over it (its lowest there)
    double neededGrade = std::nan(""); // the least grade that would do, degrees (NaN: none under 80°)
};

// The lowest profile along a rail's plan path, sampled evenly.
struct LowestProfile {
    double length = 0.0;          // of the plan path
    double spacing = 0.0;         // between samples along it
    bool closed = false;          // a loop: the last sample is one spacing before the first again
    std::vector<double> s;        // plan distance of each sample from the first point
    std::vector<double> x, y;     // where it is
    std::vector<double> ground;   // the surface under it the rail keeps clear of (NaN: no ground)
    std::vector<double> overhead; // the surface over it the rail keeps under (NaN: none)
    std::vector<double> ceiling;  // the highest height the headroom allows (+infinity: no limit)
    std::vector<double> lowest;   // z*: the lowest height the clearance and the grade allow
    std::vector<double> target;   // what the rail follows: z* raised into the tolerance, smoothed or shaped
    double designSpeed = 0.0;     // m/s the forces are kept at (0: none kept)
    std::vector<char> forcesKept; // per sample: the target keeps the forces there (not pressed to a ceiling)
    std::vector<double> breaks;   // where the shaped target turns from a line to a crest or a valley (plan s)
    double lineBend = 0.0;        // curvature under which the shaped target counts as straight (0: not shaped)
    std::vector<BlockedStretch> blocked;
};

struct FitHeightsOutcome {
    Rail rail;                     // the fitted rail (the input when error is set)
    std::string error;             // why nothing was fitted ("" when it was)
    std::size_t changed = 0;       // of the rail's own points, those whose height changed
    std::size_t added = 0;         // points added where the spline could not follow
    bool capped = false;           // it stopped adding at maxAdded
    double lowestClearance = 0.0;  // least height above the ground, over the fitted curve
    double highestClearance = 0.0; // most
    double steepest = 0.0;         // steepest pitch of the fitted curve, degrees
    double planMoved = 0.0;        // farthest the plan path moved
    double uncovered = 0.0;        // plan length with no ground under it (the rail's height is its floor there)
    std::vector<std::pair<double, double>> unmet; // s ranges still outside the tolerance or grade (capped)
    double lowestHeadroom = std::numeric_limits<double>::infinity(); // least room under a surface over it
    double designSpeed = 0.0;                                        // the forces were kept at this speed (0: none)
    double leastG = 0.0, mostG = 0.0;    // vertical force over the fitted curve at that speed
    std::vector<BlockedStretch> blocked; // where the clearance and the headroom cannot both be kept
    std::vector<std::size_t> pointIndex; // each of the rail's own points' index in the fitted rail
};

// The rail's lowest profile over `ground` (in the gaps rail_band.h chooses); nothing, and `error` says
// why, when the options are not usable, the rail has no plan length, no ground is under it, or
// --keep-ends asks for ends below the profile.
std::optional<LowestProfile> lowestProfile(const Rail &rail, const core::GroundSet &ground,
                                           const FitHeightsOptions &options, std::string *error);

// The rail's heights fitted over `ground` by `options`.
FitHeightsOutcome fitRailHeights(const Rail &rail, const core::GroundSet &ground, const FitHeightsOptions &options);

// "fitted 12 points, added 8; clearance 1.00 to 6.42; steepest 5.99°", the forces, and each blocked
// stretch ("cannot pass under the surface at z 5.00 at s 36–41 with headroom 2.5: needs 31° or a lower
// approach").
std::string describeFit(const FitHeightsOutcome &outcome);

// Only the blocked stretches, as describeFit words them ("" when none): what the editor's popup says.
std::string describeBlocked(const FitHeightsOutcome &outcome);

} // namespace railforge::document
