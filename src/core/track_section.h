// A track's cross-section (docs/design.md "Track meshes"): outlines in the rider's own plane, x along
// the rider's right and y along the rider's up, in level units, the rail's curve at the origin. The
// built-ins are what a designer picks from; a level may give its own polyline.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace railforge::core {

// One outline: a polyline of the section, closed (a solid's outline, counter-clockwise seen along the
// travel) or open (a thin sheet); smooth outlines share one normal at each point (a tube), others are
// flat between their corners.
struct SectionOutline {
    std::vector<std::array<double, 2>> points;
    bool closed = true;
    bool smooth = false;
};

// A section: every outline swept along the rail.
struct TrackSection {
    std::vector<SectionOutline> outlines;
};

// Two running rails `gauge` apart (centre to centre), each a box `width` wide and `height` tall whose
// top is at the curve.
TrackSection twinRailSection(double gauge, double width, double height);
// A round tube of `radius` about the curve, `sides` facets (at least 3), smooth.
TrackSection tubeSection(double radius, int sides);
// A flat ribbon (a catwalk) `width` wide and `thickness` thick, its top at the curve.
TrackSection ribbonSection(double width, double thickness);
// A cable: a thin tube of `radius` with 8 sides.
TrackSection cableSection(double radius);

// The section a style names ("rails", "tube", "ribbon", "cable") at `size` (the gauge, the diameter,
// the width, the diameter); empty outlines for another name.
TrackSection builtInSection(const std::string &name, double size);

// The farthest any point of the section lies from the curve.
double sectionReach(const TrackSection &section);

} // namespace railforge::core
