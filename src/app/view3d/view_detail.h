// How much the 3D view draws of a rail or a marker where it is seen small. Far away a ribbon a metre wide
// is thinner than a pixel and its rows are closer than a pixel or two: a software renderer pays per
// triangle all the same, so the view draws such a rail as a line through every n-th row instead.
// The choice follows the camera with some slack, so an orbit at one distance does not flip it back
// and forth (each flip fills the rail's chunk again).
#pragma once

#include "app/view3d/scene_camera.h"

#include <QSizeF>

namespace railforge::app {

// What of a rail is drawn: its ribbon or its centre line, through every `stride`-th row (and the last).
struct RailDetail {
    int stride = 1;
    bool line = false;
    friend bool operator==(const RailDetail &, const RailDetail &) = default;
};

// Rows are drawn at most about this many pixels apart.
inline constexpr double kRowPixels = 4.0;
// A ribbon narrower than this many pixels is drawn as a line.
inline constexpr double kLinePixels = 1.5;
// The largest stride (a power of two).
inline constexpr int kMaxStride = 16;

// How many pixels a level unit spans at the point of the box [lowest, highest] closest to the camera,
// as the middle of the view shows it (a perspective view shows it up to about 1.6 times larger in
// its corners); infinite when the camera is inside the box. The rest of the box shows smaller.
double pixelsPerUnitAt(const SceneCamera &camera, QSizeF viewport, core::Vec3 lowest, core::Vec3 highest);

// The detail for a rail whose rows are `rowSpacing` apart and whose ribbon is `width` wide, seen at
// `pixelsPerUnit`: the coarsest that keeps rows within kRowPixels, and a line only for a ribbon
// narrower than kLinePixels. The `current` detail stays while it is within half as much again (or
// less) of those limits.
RailDetail railDetail(double pixelsPerUnit, double rowSpacing, double width, RailDetail current);

// Markers seen small are drawn as square dots (one point each, no mesh), in a few sizes: a marker of
// radius r pixels as a dot of about sqrt(2) r, the area of the octahedron it stands for.
inline constexpr int kSmallestDot = 2;
inline constexpr int kLargestDot = 7;
// The dot (its side in pixels) for a marker whose radius shows as `radiusPixels`, or 0 to draw the
// marker itself; `dotted` says whether it is a dot now (it stays one a little larger).
int dotPixels(double radiusPixels, bool dotted);

} // namespace railforge::app
