// What a navigation mesh is baked from: the level's walkable meshes as their files hold them (walls
// included, since walls are what block) and its heightmaps, indexed once; and its obstacles as solids,
// given apart (an obstacle dragged changes them and nothing else). Gathered tile by tile: a tile's bake
// reads only the triangles and solids that can reach it, through bins over the plan.
#pragma once

#include "core/ground.h"
#include "core/obstacle_index.h"
#include "core/polygon.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace railforge::nav {

// An obstacle as the navigation mesh sees it: every walkable place inside its outline is blocked, at
// any height (obstacles are drawn on the plan and have no height of their own).
struct Solid {
    std::vector<core::Point2d> outline;         // a simple polygon, or
    std::optional<core::CircleObstacle> circle; // a disc
    core::PlanBox box() const;
    bool contains(double x, double y) const;
};

class WalkableInput {
public:
    void addMesh(std::shared_ptr<const std::vector<core::GroundTriangle>> triangles);
    void addGrid(std::shared_ptr<const core::HeightGrid> grid);

    bool empty() const { return m_meshes.empty() && m_grids.empty(); }
    // The plan box of the meshes and heightmaps (solids block, they add nothing to walk on).
    core::PlanBox bounds() const { return m_bounds; }
    // Triangles of the meshes, and cells of the heightmaps (two triangles each).
    std::int64_t triangleCount() const;

    // Sorts the meshes' triangles into bins over the plan (a few triangles each); call once, after the
    // last add and before asking for triangles.
    void index();
    // Appends every triangle whose plan box meets `box`, as nine floats in Recast's axes
    // (recast_space.h), in an order that depends on the input alone.
    void trianglesIn(const core::PlanBox &box, std::vector<float> &out) const;

private:
    struct Bins {
        double side = 1.0;
        int columns = 0, rows = 0;
        std::vector<std::uint32_t> start; // columns * rows + 1 offsets into `items`
        std::vector<std::uint64_t> items; // mesh << 32 | triangle
    };
    void gridTrianglesIn(const core::HeightGrid &grid, const core::PlanBox &box, std::vector<float> &out) const;

    std::vector<std::shared_ptr<const std::vector<core::GroundTriangle>>> m_meshes;
    std::vector<std::shared_ptr<const core::HeightGrid>> m_grids;
    core::PlanBox m_bounds;
    Bins m_bins;
};

// The solids whose plan box meets `box`.
std::vector<const Solid *> solidsIn(const std::vector<Solid> &solids, const core::PlanBox &box);

// Whether two plan boxes share a point.
bool boxesMeet(const core::PlanBox &a, const core::PlanBox &b);
// `box` grown by `margin` on every side.
core::PlanBox grown(const core::PlanBox &box, double margin);

} // namespace railforge::nav
