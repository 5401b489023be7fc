// How track meshes meet where rails meet at junctions (docs/design.md "Track meshes"): a rail end
// that goes on into another end to end has no cap, and a branch leaving a rail is drawn from where its
// section leaves the other track's, so no surface is drawn over another (no z-fighting where a
// branch's running rail lies on the trunk's). The export and the 3D view both sweep with these.
#pragma once

#include "core/track_sweep.h"
#include "document/model/level.h"

#include <vector>

namespace railforge::document {

// How far one track's outline must reach into another's to overlap it: a millimetre, in metres.
inline constexpr double kJoinToleranceMetres = 1e-3;

// A rail's shape as its sweep has it (null table: a rail that makes no track).
struct SweptRail {
    const core::ArcLengthTable *table = nullptr;
    const core::FrameTable *frames = nullptr;
    const core::TrackSection *section = nullptr;
};

// Whether `ring` (section points placed in the level) overlaps the track of `rail` near its arc length
// `s`: seen in that track's section plane at the place nearest the ring's centre, some point inside
// one of the ring's outline (a corner moved `tolerance` towards its middle, or the middle itself) lies
// inside one of the track's closed outlines, or the other way round.
bool ringOverlapsTrack(const SweptRail &rail, double s, const std::vector<core::Vec3> &ring, double tolerance);

// How each rail's sweep ends (level.rails' order), from the level's junctions:
// - on a trunk between its ends: each link's end leaves the trunk's track (trimmed against it);
// - at a trunk's end: the trunk's end and the first link's meet end to end (no caps); the other
//   links leave the first link's track.
// The functions refer to `rails`, which must outlive the sweeps. `against`, when given, gets for each
// rail the rails its ends are trimmed against (its mesh changes when theirs do).
std::vector<core::SweepEnds> junctionEnds(const Level &level, const std::vector<SweptRail> &rails, double tolerance,
                                          std::vector<std::vector<std::size_t>> *against = nullptr);

} // namespace railforge::document
