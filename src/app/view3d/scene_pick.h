// What is under a click in the 3D view: RailForge's own ray test (not the renderer's), with the
// plan's rules (plan/canvas_hit_test.h) so a click picks what the plan would pick there: rail
// control points that are drawn (square, nearest), waypoints (round, nearest), rail curves, edges, obstacles; all
// measured in pixels on the screen. Rail curves are found on the view's rows, then the nearest
// point is refined on the exact curve. Obstacles are prisms between two heights; the one the ray
// enters first is hit (the last in the level where they tie, as the plan draws it on top).
#pragma once

#include "app/editor/kind_layers.h"
#include "app/plan/canvas_hit_test.h"
#include "app/view3d/rail_samples.h"
#include "app/view3d/scene_camera.h"

#include <optional>
#include <vector>

namespace railforge::app {

struct PickScene {
    const document::Level *level = nullptr;
    std::vector<const RailSamples *> rails; // one per level.rails, in order
    double obstacleBottom = 0.0, obstacleTop = 1.0;
    std::vector<bool> pointsShown; // per rail: its control points are drawn, so pickable (empty: all)
};

// The hit under `screen` in a `viewport`-sized view through `camera`, or nothing. Kinds `layers`
// hides or locks are passed over. A RailCurve hit's `point`/`u` are the segment and its parameter.
std::optional<CanvasHit> pickScene(const PickScene &scene, const SceneCamera &camera, QSizeF viewport, QPointF screen,
                                   const KindLayers *layers = nullptr);

// The distance in pixels from `screen` to the projected rail nearest it (refined on the curve) and
// the arc length there; nothing when the rail is out of sight.
struct CurvePick {
    double pixels = 0.0;
    double s = 0.0;
};
std::optional<CurvePick> nearestOnRail(const RailSamples &rail, const SceneCamera &camera, QSizeF viewport,
                                       QPointF screen);

} // namespace railforge::app
