// The 3D view's objects other than rails and ground, rebuilt together from the level when their
// kinds change: waypoint and control point markers, edges, patrol paths, obstacles and the grid.
#pragma once

#include "app/pipeline/patrol_preview.h"
#include "app/view3d/mesh_geometry.h"
#include "app/view3d/point_instances.h"

#include <memory>

namespace railforge::app {

// Deletes a scene object once the renderer is done with it.
template <typename T>
struct LaterDelete {
    void operator()(T *object) const
    {
        if (object) object->deleteLater();
    }
};

struct SceneParts {
    std::unique_ptr<PointInstances, LaterDelete<PointInstances>> waypoints{new PointInstances};
    std::unique_ptr<PointInstances, LaterDelete<PointInstances>> controlPoints{new PointInstances};
    std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>> edges{new LineGeometry};
    std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>> patrolPaths{new LineGeometry};
    std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>> grid{new LineGeometry};
    std::unique_ptr<MeshGeometry, LaterDelete<MeshGeometry>> obstacles{new MeshGeometry};
    std::unique_ptr<MeshGeometry, LaterDelete<MeshGeometry>> marker{new MeshGeometry}; // a waypoint's shape
    std::unique_ptr<PointInstances, LaterDelete<PointInstances>> junctions{new PointInstances};
    std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>> junctionWays{new LineGeometry}; // default-way ticks
};

// Markers: waypoints `markerSize` in radius on a mesh of radius 1 (scene_meshes.h markerMesh), control points
// a little smaller on a cube 100 across (#Cube); the selected ones in the selection colour, the
// hovered waypoint lighter and larger.
std::vector<PointInstance> waypointMarkers(const document::Level &level, const std::set<document::ObjectId> &selected,
                                           const std::string &hovered, double markerSize);
// Control points: every rail's while the level has at most kAllControlPoints of them, else only the
// selected rails' (a hundred thousand cubes would cost more than everything else in a frame).
inline constexpr std::size_t kAllControlPoints = 5000;
// Those of the rails `dragged` (ids) go to `draggedOut`.
void fillControlPoints(PointInstances &out, PointInstances &draggedOut, const std::set<std::string> &dragged,
                       const document::Level &level, const std::set<document::ObjectId> &selected, double markerSize);
// Whether the control points of each rail are drawn (as fillControlPoints decides).
std::vector<bool> railPointsShown(const document::Level &level, const std::set<document::ObjectId> &selected);
// Edges between waypoints, and every patrol's previewed path.
void fillEdges(LineGeometry &out, const document::Level &level);
void fillPatrolPaths(LineGeometry &out, const document::Level &level, const PatrolRoutes &routes);

} // namespace railforge::app
