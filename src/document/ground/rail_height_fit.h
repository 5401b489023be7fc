// Fit heights (the editor's Ground… → Fit, `railforge-cli fit-heights`): a rail's heights set to the
// lowest profile along its plan path that keeps a clearance above the ground under it and is nowhere
// steeper than a grade, as NoLimits' vertical smoothing does for coasters. The profile is exact (an
// upper envelope of cones, core/grade_envelope.h); the rail is then fitted within a tolerance above
// it, adding control points only where its spline cannot follow otherwise.
#pragma once

#include "core/ground.h"
#include "document/model/level.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace railforge::document {

struct FitHeightsOptions {
    double clearance = 1.0;       // at least this above the surface under the rail (level units)
    double maxGradeDegrees = 6.0; // no stretch steeper (pitch against the plan)
    double tolerance = 0.25;      // heights within this above the lowest profile; the plan moves less
    bool keepEnds = false;        // the first and last points keep their heights
    std::size_t maxAdded = 5000;  // at most this many points added
};

// The lowest profile along a rail's plan path, sampled evenly.
struct LowestProfile {
    double length = 0.0;        // of the plan path
    double spacing = 0.0;       // between samples along it
    bool closed = false;        // a loop: the last sample is one spacing before the first again
    std::vector<double> s;      // plan distance of each sample from the first point
    std::vector<double> x, y;   // where it is
    std::vector<double> ground; // the surface under it the rail keeps clear of (NaN: no ground)
    std::vector<double> lowest; // z*: the lowest height the clearance and the grade allow
    std::vector<double> target; // z*, raised into the middle of the tolerance and smoothed (slope kept)
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
};

// The rail's lowest profile over `ground` (the surface nearest each place's current height less the
// clearance, as draping chooses it, or a higher one closer above that than the clearance and the
// tolerance, which the rail would otherwise run through); nothing, and `error` says why, when the options are not usable,
// the rail has no plan length, no ground is under it, or --keep-ends asks for ends below the profile.
std::optional<LowestProfile> lowestProfile(const Rail &rail, const core::GroundSet &ground,
                                           const FitHeightsOptions &options, std::string *error);

// The rail's heights fitted over `ground` by `options`.
FitHeightsOutcome fitRailHeights(const Rail &rail, const core::GroundSet &ground, const FitHeightsOptions &options);

// "fitted 12 points, added 8; clearance 1.00 to 6.42; steepest 5.99°".
std::string describeFit(const FitHeightsOutcome &outcome);

} // namespace railforge::document
