// Junctions in the 3D view, as the plan draws them (docs/ui.md "Junctions"): a marker where the rails
// meet and a tick along the default way, so the way a rider will go reads in 3D too; and the
// junction under a click, which turns its default as a click on the plan's ring does.
#pragma once

#include "app/view3d/mesh_geometry.h"
#include "app/view3d/point_instances.h"
#include "app/view3d/scene_camera.h"
#include "core/arc_length.h"
#include "document/model/level.h"

#include <QPointF>
#include <QSizeF>

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace railforge::app {

// A junction where it is: its point, and the start of its default way as a rider leaves along it:
// points on the way's own rail every metre or so (its first is the junction's place), so at a
// tangent junction, where every way leaves in the same direction, the tick still follows the way
// chosen as the rails part.
struct JunctionMarker {
    std::string id;
    core::Vec3 place;
    std::vector<core::Vec3> defaultWay;
};

// The markers of `level`'s junctions, each default way followed for `reach` level units; `tableOf(i)`
// gives rail i's arc-length table (null: not built), so a junction on a rail not yet built is left
// out until it is.
std::vector<JunctionMarker> junctionMarkers(const document::Level &level,
                                            const std::function<const core::ArcLengthTable *(std::size_t)> &tableOf,
                                            double reach);

// Fills the markers (`size` across, the hovered one larger and lighter, the selected ones in the
// selection colour) and the default-way ticks (along the way, at least `size` × 4 long, a little above
// the rail).
void fillJunctions(PointInstances &markers, LineGeometry &ways, const std::vector<JunctionMarker> &junctions,
                   const std::string &hovered, const std::set<std::string> &selected, double size);

// The junction whose marker is within `pixels` of `screen` (the nearest), if any.
std::optional<std::string> junctionUnder(const std::vector<JunctionMarker> &junctions, const SceneCamera &camera,
                                         QSizeF viewport, QPointF screen, double pixels);

} // namespace railforge::app
