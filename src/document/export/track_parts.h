// What a track carries besides its swept section (docs/design.md "Track meshes"): ties across it and
// supports from it down to the level's exact ground, placed from the rail's export frames, in level
// units. The engine gets them as instances of one box each (track_gltf.h).
#pragma once

#include "core/ground.h"
#include "core/track_sweep.h"
#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

// A tie at a frame: a box (across, tall, along) whose top face's centre is `top`, or a custom tie's
// section placed at `origin` (the rail's curve) as a custom track section is.
struct PlacedTie {
    double s = 0.0;
    core::Vec3 top, origin, right, up, forward;
};

// A vertical column from under the track down to the surface it stands on, with a footing there.
struct PlacedSupport {
    double s = 0.0;
    core::Vec3 foot;  // on the surface
    double top = 0.0; // the height of the column's top: the track's lowest point there
};

// A rail as the supports of others see it: its curve sampled `step` apart (every point of the curve
// within step / 2 of a sample, so a sample within clearance + step / 2 stands for every nearer point)
// and how far its track reaches from it.
struct TrackObstacle {
    std::size_t rail = 0;
    std::string id;
    std::vector<core::CurveSample> samples;
    double step = 0.0;
    double reach = 0.0;
    core::Vec3 low, high; // the samples' bounds: a column away from them is not looked at sample by sample
};

struct RailTrackParts {
    std::vector<PlacedTie> ties;
    std::vector<PlacedSupport> supports;
    std::vector<std::string> notes; // each support left out and why
};

// The rail's track sampled finely enough for supports to keep clear of it (a step of an eighth of
// its reach, at most `maxSamples`).
TrackObstacle trackObstacle(std::size_t rail, std::string id, const core::ArcLengthTable &table, double reach,
                            std::size_t maxSamples = 200'000);

// The ties (every `style.ties.every` from half a spacing on) and supports (every `style.supports.every`
// from half a spacing on, and at each `at` within the rail) of rail number `railIndex`. A support's
// column starts at the section's lowest point at its place and goes straight down to the highest
// surface of `ground` below; it is left out (with a note) where there is no surface under it, where
// that surface is within the skip height, or where the column would pass through a track of
// `obstacles` (its own rail's too, farther along it than its reach and the column's width from the
// support's own place), each track taken as its curve widened by its reach. At most `maxParts` of each.
RailTrackParts placeTrackParts(std::size_t railIndex, const Rail &rail, const core::ArcLengthTable &table,
                               const core::FrameTable &frames, const TrackStyle &style,
                               const core::TrackSection &section, double metresPerUnit, const core::GroundSet *ground,
                               const std::vector<TrackObstacle> &obstacles, std::size_t maxParts = 100'000);

} // namespace railforge::document
