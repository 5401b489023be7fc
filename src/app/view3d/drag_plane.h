// Where a point grabbed in the 3D view goes as the pointer moves (docs/ui.md "Editing in 3D"): by
// default it slides in the horizontal plane through it (its height stays); with Ctrl (or Z held) it
// rises and falls along the vertical through it (x and y stay), read on the upright plane that
// faces the camera. The grab keeps its offset: the point moves by as much as the spot under the
// pointer moves on that plane, so it does not jump to the pointer at the first step.
#pragma once

#include "app/view3d/scene_camera.h"

#include <optional>

namespace railforge::app {

enum class DragAxis { Horizontal, Vertical };

// The normal of an `axis` drag's plane seen along `ray`: z for a horizontal drag, the ray's
// direction flattened for a vertical one (nothing when the ray looks straight down or up).
std::optional<core::Vec3> dragPlaneNormal(const Ray &ray, DragAxis axis);
// Where `ray` meets the plane through `through` with `normal`; nothing when it runs (nearly) along
// the plane or meets it behind the camera.
std::optional<core::Vec3> planeHit(const Ray &ray, core::Vec3 through, core::Vec3 normal);

// Where along the line through `through` with unit direction `axis` the pointer's ray passes
// nearest (the u of through + u axis): a move gizmo's arrow drags a point along its axis by it.
// Nothing when the ray runs (nearly) along the axis.
std::optional<double> alongAxis(const Ray &ray, core::Vec3 through, core::Vec3 axis);

// A point being dragged: where it was, its drag plane (fixed for the drag) and the spot on that
// plane under the pointer when it was grabbed.
struct PointDrag {
    core::Vec3 start;
    core::Vec3 normal;
    core::Vec3 grabbed;
    DragAxis axis = DragAxis::Horizontal;

    // Starts a drag of `point` under `ray`; nothing when the plane cannot be met there.
    static std::optional<PointDrag> grab(core::Vec3 point, const Ray &ray, DragAxis axis);
    // The point's place for the pointer's ray now; nothing when the plane cannot be met.
    std::optional<core::Vec3> follow(const Ray &ray) const;
};

} // namespace railforge::app
