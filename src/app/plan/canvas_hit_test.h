// What is under the cursor on the canvas, in the order a designer expects to grab things:
// rail control points, waypoints, rail curves, edges, obstacles.
#pragma once

#include "app/editor/kind_layers.h"
#include "app/plan/rail_shapes.h"
#include "app/plan/view_transform.h"
#include "app/selection/selection.h"
#include "document/model/object_ref.h"

#include <optional>

namespace railforge::app {

// A hit: the object, and for rails which control point or where on the curve.
struct CanvasHit {
    enum class Type { RailHandle, RailPoint, Waypoint, RailCurve, Edge, Obstacle };
    Type type = Type::Waypoint;
    document::ObjectId object;
    std::size_t point = 0;  // RailPoint, RailHandle: control point index; RailCurve: segment index
    double u = 0.0;         // RailCurve: local parameter on the segment
    bool outHandle = false; // RailHandle: the point's "out" handle (else its "in")
    // Where in the level the hit is, when the view knows it (the 3D pick: the point, the place on
    // the curve); a drag that grabs the object there goes on from it.
    std::optional<core::Vec3> at = std::nullopt;
};

// Distance from p to the segment ab (pixels, or whatever unit they share).
double distanceToSegment(QPointF p, QPointF a, QPointF b);
// Whether p lies inside a polygon (even-odd rule).
bool insidePolygon(const std::vector<document::Point2> &polygon, QPointF p);

// Pick radius in pixels (constant whatever the zoom).
inline constexpr double kPickPixels = 8.0;

// The topmost object within kPickPixels of `screen`, or nothing. Kinds that `layers` hides or locks
// are passed over. With `selection` given, the handles of its active rail point come first (a
// control point wins only when the cursor is nearer to it).
std::optional<CanvasHit> hitTest(const document::Level &level, const RailShapes &rails, const ViewTransform &view,
                                 QPointF screen, const KindLayers *layers = nullptr,
                                 const Selection *selection = nullptr);

// The waypoint under `screen`, if any (none when waypoints are hidden or locked).
std::optional<std::string> waypointAt(const document::Level &level, const ViewTransform &view, QPointF screen,
                                      const KindLayers *layers = nullptr);

} // namespace railforge::app
