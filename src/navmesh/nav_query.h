// Questions asked of one agent's navigation mesh with Detour: where the nearest walkable place is,
// whether the agent can walk straight from a to b (Detour's raycast along the walkable polygons), and
// its way from a to b (the corridor of polygons by A*, then the funnel's straight path through it,
// with its heights taken from the surface under each step). A query keeps Detour's search nodes
// between calls: one per thread.
#pragma once

#include "core/vec3.h"

#include "navmesh/nav_mesh.h"

#include <memory>
#include <optional>
#include <vector>

class dtNavMeshQuery;
class dtQueryFilter;

namespace railforge::nav {

class NavQuery {
public:
    explicit NavQuery(std::shared_ptr<const NavMesh> mesh);
    ~NavQuery();
    NavQuery(const NavQuery &) = delete;
    NavQuery &operator=(const NavQuery &) = delete;

    const NavMesh &mesh() const { return *m_mesh; }

    // The walkable point nearest to p within `reach` across the plan and `vertical` up or down.
    std::optional<core::Vec3> nearest(core::Vec3 p, double reach, double vertical) const;
    // The walkable point nearest to p: near it first, then ever farther, up to `farthest` across.
    std::optional<core::Vec3> nearestAnywhere(core::Vec3 p, double farthest) const;
    // The walkable point under p: within a cell across and the agent's climb up or down (a point
    // standing on the mesh).
    std::optional<core::Vec3> under(core::Vec3 p) const;

    struct Line {
        bool startsOnMesh = false;
        bool clear = false;     // walkable straight to b, on b's floor
        core::Vec3 blockedAt{}; // where the walk leaves the walkable polygons (when not clear)
    };
    // Walking straight from a to b (both should stand on the mesh).
    Line straight(core::Vec3 a, core::Vec3 b) const;

    struct Way {
        bool found = false;             // both ends on the mesh and a corridor from a
        bool reached = false;           // it ends at b (else as near b as the walkable area goes)
        std::vector<core::Vec3> points; // the straight path's corners, or steps of `step` along it
        double length = 0.0;            // along the points, in 3D
    };
    // The way from a to b. With `step` > 0 the straight path is walked in steps no longer than that,
    // each at the height of the polygon under it (stairs and ramps followed, not cut).
    Way way(core::Vec3 a, core::Vec3 b, double step = 0.0) const;

private:
    std::shared_ptr<const NavMesh> m_mesh;
    dtNavMeshQuery *m_query = nullptr;
    std::unique_ptr<dtQueryFilter> m_filter;
};

} // namespace railforge::nav
