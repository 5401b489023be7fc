// What is under the cursor on the canvas, in the order a designer expects to grab things:
// rail control points, waypoints, rail curves, edges, obstacles.
#pragma once

#include "app/kind_layers.h"
#include "app/rail_shapes.h"
#include "app/view_transform.h"
#include "document/object_ref.h"

#include <optional>

namespace railforge::app {

// A hit: the object, and for rails which control point or where on the curve.
struct CanvasHit {
    enum class Type { RailPoint, Waypoint, RailCurve, Edge, Obstacle };
    Type type = Type::Waypoint;
    document::ObjectId object;
    std::size_t point = 0; // RailPoint: control point index; RailCurve: segment index
    double u = 0.0;        // RailCurve: local parameter on the segment
};

// Pick radius in pixels (constant whatever the zoom).
inline constexpr double kPickPixels = 8.0;

// The topmost object within kPickPixels of `screen`, or nothing. Kinds that `layers` hides or locks
// are passed over.
std::optional<CanvasHit> hitTest(const document::Level &level, const RailShapes &rails, const ViewTransform &view,
                                 QPointF screen, const KindLayers *layers = nullptr);

// The waypoint under `screen`, if any (none when waypoints are hidden or locked).
std::optional<std::string> waypointAt(const document::Level &level, const ViewTransform &view, QPointF screen,
                                      const KindLayers *layers = nullptr);

} // namespace railforge::app
