// The 3D view's answers to a tool's drag (tools/tool_drag.h): a grabbed point follows the pointer on
// the horizontal plane through it, or along the vertical through it while Ctrl or Z is held (a
// change of axis mid-drag goes on from where the point is, drag_plane.h); the rails near the
// pointer for a dragged end are those this camera shows within a few pixels of it.
#pragma once

#include "app/tools/tool_drag.h"

#include <QPointer>

#include <memory>

namespace railforge::app {

class LevelScene3D;
class ViewCamera3D;

// Grabs `at` for the drag `press` begins, seen through `camera`; null when the plane through it is
// seen edge-on there.
std::unique_ptr<PointFollow> grabInScene(QPointer<ViewCamera3D> camera, core::Vec3 at, const ToolEvent &press);
// The rails of `scene` that `camera` shows near the pointer.
std::unique_ptr<JoinFinder> joinFinderInScene(QPointer<LevelScene3D> scene, QPointer<ViewCamera3D> camera);

} // namespace railforge::app
