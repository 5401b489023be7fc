// A rail's track as the engine shows it (docs/design.md "Track meshes"): the section swept along it,
// ties across it and supports under it. Lengths are in level units like every length of the file;
// those left unset take defaults given in metres, converted by the level's units when used.
#pragma once

#include "core/track_section.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// The cross-section: a built-in one or the level's own polyline.
enum class TrackSectionKind { Rails, Tube, Ribbon, Cable, Custom };

// Ties (sleepers) across the track.
struct TrackTies {
    double every = 0.0;                         // spacing along the rail (0: no ties)
    std::optional<std::array<double, 3>> box;   // across, tall, along (default from the section's size)
    std::vector<std::array<double, 2>> section; // a custom tie: its closed outline, x right and y up of the
                                                // rider as a custom track section's (empty: the box)
    std::optional<double> along;                // a custom tie's length along the rail (default the box's)
    friend bool operator==(const TrackTies &, const TrackTies &) = default;
};

// Columns from the track down to the highest surface under it.
struct TrackSupports {
    double every = 0.0;            // spacing along the rail (0: only at `at`)
    std::vector<double> at;        // and at these arc lengths
    std::optional<double> skip;    // none where the rail is this close above the surface (default 1 m)
    std::optional<double> size;    // the column's width (default 0.3 m)
    std::optional<double> footing; // the footing's width (default three columns)
    friend bool operator==(const TrackSupports &, const TrackSupports &) = default;
};

struct TrackStyle {
    TrackSectionKind section = TrackSectionKind::Rails;
    std::vector<std::array<double, 2>> outline; // Custom: a closed polyline, x right and y up of the rider
    std::optional<double> size;                 // the gauge, the diameter or the width (not for Custom)
    TrackTies ties;
    TrackSupports supports;
    friend bool operator==(const TrackStyle &, const TrackStyle &) = default;
};

// The style a rail's track has: its own, else the level's default (LevelInfo::track), else two
// running rails. A rail's own style replaces the default whole, not field by field.
TrackStyle railTrackStyle(const std::optional<TrackStyle> &own, const std::optional<TrackStyle> &levelDefault);

// The style's name in the file ("rails", "tube", "ribbon", "cable"; "custom" for an outline).
const char *trackSectionName(TrackSectionKind kind);
// The kind a built-in name names (not "custom": a custom section is given as its outline).
std::optional<TrackSectionKind> trackSectionFromName(const std::string &name);
// The built-in section's size when none is given, in metres (1.435 standard gauge, ...).
double defaultTrackSizeMetres(TrackSectionKind kind);

// The style's size in level units: its own or the default.
double trackSize(const TrackStyle &style, double metresPerUnit);
// The section to sweep, in level units.
core::TrackSection trackSection(const TrackStyle &style, double metresPerUnit);
// A tie's box (across, tall, along) in level units: its own or 1.8 sizes x 0.11 x 0.17 of the section.
std::array<double, 3> tieBox(const TrackStyle &style, double metresPerUnit);
// A custom tie's length along the rail in level units: its own `along`, else the box's.
double tieAlong(const TrackStyle &style, double metresPerUnit);
// The supports' skip height, column width and footing width in level units.
double supportSkip(const TrackStyle &style, double metresPerUnit);
double supportSize(const TrackStyle &style, double metresPerUnit);
double footingSize(const TrackStyle &style, double metresPerUnit);

// How merges and diffs tell its parts: "tube", "custom (4 points)"; "1.2" or "default"; "every 0.6"
// or "none"; "every 8, at 3 and 5, skip 1"; a whole style in one line, "default" for none.
std::string trackSectionText(const TrackStyle &style);
std::string trackSizeText(const std::optional<double> &size);
std::string trackTiesText(const TrackTies &ties);
std::string trackSupportsText(const TrackSupports &supports);
std::string trackStyleText(const std::optional<TrackStyle> &style);

// Why the style cannot be used ("" when it can): a size, a spacing or a box that is not more than 0,
// supports at places outside [0, length], an outline (the section's or a tie's) of fewer than 3 points
// or with no area, a tie given both a box and a section.
std::string whyBadTrackStyle(const TrackStyle &style);

} // namespace railforge::document
