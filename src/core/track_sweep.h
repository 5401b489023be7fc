// A track's section swept along its rail (docs/design.md "Track meshes"): placed at the rail's own
// frames, the ones the export writes (position, forward, up with the tilt), at stations as close as a
// chord error asks, as a triangle mesh with normals and UVs, in level units.
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"
#include "core/track_section.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace railforge::core {

// Where a section point (x, y) goes at one place: origin + x right + y up.
struct SectionFrame {
    Vec3 origin, forward, right, up;
    Vec3 place(double x, double y) const { return origin + right * x + up * y; }
};

// The rail's frame at arc length s: the curve, its unit tangent, the up (upAt) and right = forward x up.
SectionFrame sectionFrameAt(const ArcLengthTable &table, const FrameTable &frames, double s);

// A swept mesh.
struct TrackMesh {
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;              // unit, outward
    std::vector<std::array<double, 2>> uvs; // u round the outline, v = s (level units)
    std::vector<std::uint32_t> indices;     // triangles, counter-clockwise seen from outside
    std::vector<double> stations;           // the s of each station (a closed rail's seam once)
    std::vector<double> vertexS;            // each vertex's station s
    bool capped = false; // maxStations stopped the halving: somewhere the mesh strays past the chord error
};

// The stations a sweep places the section at: the rail's ends (a closed rail's seam once) and its
// control points, then halving every interval where a corner of the section's convex hull, at the
// interval's middle or quarters (in the segment's parameter), lies farther than `chordError` from the
// straight line the mesh draws there. At most `maxStations` (the rest of the halving is left undone).
std::vector<double> sweepStations(const ArcLengthTable &table, const FrameTable &frames, const TrackSection &section,
                                  double chordError, std::size_t maxStations = 1'000'000);

// How a sweep ends where its rail meets another track at a junction. With `overlaps` (whether a ring
// of section points, placed in the level, overlaps the other track), each outline is drawn from the
// last ring, seen from that end, that still overlaps it: the part the other track already shows is
// not drawn over it again, and the outline leaves it without a gap. Without it the rails meet end to
// end, and that end has no cap.
struct SweepJoin {
    std::function<bool(const std::vector<Vec3> &ring)> overlaps;
};

// A rail's two ends as a sweep treats them (none: a free end, capped).
struct SweepEnds {
    std::optional<SweepJoin> start, end;
};

// The quads one station of a sweep adds to the mesh (two triangles each), caps aside.
std::size_t sweepQuadsPerStation(const TrackSection &section);

// The section swept along the rail at sweepStations: each outline a band of quads (flat outlines one
// normal per edge, smooth ones one per point); a closed rail welded at its seam (the last station's
// ring is the first's); an open rail's convex closed outlines capped at both ends.
// An open rail's ends are treated as `ends` says (a closed rail has none).
TrackMesh sweepTrack(const ArcLengthTable &table, const FrameTable &frames, const TrackSection &section,
                     double chordError, std::size_t maxStations = 1'000'000, const SweepEnds &ends = {});

} // namespace railforge::core
