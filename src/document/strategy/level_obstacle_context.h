// The smoothing context of a level: "is this segment clear?" answered from its obstacles' R-tree.
#pragma once

#include "core/obstacle_index.h"
#include "document/model/level.h"
#include "document/strategy/strategy_wire.h"
#include "railforge/smoothing_strategy.h"

namespace railforge::document {

// Builds the obstacle index of a level once; isClear() is const and thread-safe.
class LevelObstacleContext : public SmoothingContext {
public:
    explicit LevelObstacleContext(const Level &level);
    // The level's obstacles and these segments besides (the walls of an agent's walkable area, as
    // document/navigation makes them: each a polygon of two points).
    LevelObstacleContext(const Level &level, std::vector<std::vector<core::Point2d>> walls);
    bool isClear(const Vec3 &a, const Vec3 &b, double radius) const override;
    // Distance from segment ab to the nearest obstacle (+inf when there are none).
    double distance(const Vec3 &a, const Vec3 &b) const { return m_index.distance(a, b); }

    // The obstacle outlines, for a helper process to build the same index from.
    const wire::ObstacleShapes &shapes() const { return m_shapes; }
    // A fingerprint of shapes(): equal for equal obstacles.
    std::uint64_t shapesKey() const { return m_shapesKey; }

private:
    wire::ObstacleShapes m_shapes;
    std::uint64_t m_shapesKey;
    core::ObstacleIndex m_index;
};

} // namespace railforge::document
