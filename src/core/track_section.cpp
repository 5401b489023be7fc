#include "core/track_section.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace railforge::core {
namespace {

// A box from (x0, y0) to (x1, y1), counter-clockwise seen along the travel (right is +x, up is +y).
SectionOutline box(double x0, double y0, double x1, double y1)
{
    return {{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, true, false};
}

} // namespace

TrackSection twinRailSection(double gauge, double width, double height)
{
    const double half = gauge / 2, w = width / 2;
    return {{box(-half - w, -height, -half + w, 0.0), box(half - w, -height, half + w, 0.0)}};
}

TrackSection tubeSection(double radius, int sides)
{
    SectionOutline ring{{}, true, true};
    sides = std::max(sides, 3);
    for (int k = 0; k < sides; ++k) {
        const double a = 2.0 * std::numbers::pi * k / sides;
        ring.points.push_back({radius * std::cos(a), radius * std::sin(a)});
    }
    return {{ring}};
}

TrackSection ribbonSection(double width, double thickness) { return {{box(-width / 2, -thickness, width / 2, 0.0)}}; }

TrackSection cableSection(double radius) { return tubeSection(radius, 8); }

TrackSection builtInSection(const std::string &name, double size)
{
    if (name == "rails") return twinRailSection(size, size * 0.07, size * 0.1);
    if (name == "tube") return tubeSection(size / 2, 16);
    if (name == "ribbon") return ribbonSection(size, size * 0.05);
    if (name == "cable") return cableSection(size / 2);
    return {};
}

double sectionReach(const TrackSection &section)
{
    double reach = 0.0;
    for (const SectionOutline &o : section.outlines)
        for (const auto &p : o.points) reach = std::max(reach, std::hypot(p[0], p[1]));
    return reach;
}

} // namespace railforge::core
