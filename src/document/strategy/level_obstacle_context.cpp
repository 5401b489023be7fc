#include "document/strategy/level_obstacle_context.h"

namespace railforge::document {
namespace {

wire::ObstacleShapes shapesOf(const Level &level)
{
    wire::ObstacleShapes shapes;
    for (const Obstacle &o : level.obstacles) {
        if (o.shape == Obstacle::Shape::Circle) {
            shapes.circles.push_back({{o.circle.center.x, o.circle.center.y}, o.circle.radius});
        } else {
            std::vector<core::Point2d> outline;
            outline.reserve(o.polygon.size());
            for (const Point2 &p : o.polygon) outline.push_back({p.x, p.y});
            shapes.polygons.push_back(std::move(outline));
        }
    }
    return shapes;
}

} // namespace

LevelObstacleContext::LevelObstacleContext(const Level &level)
    : m_shapes(shapesOf(level)), m_shapesKey(wire::fingerprint(m_shapes)), m_index(m_shapes.polygons, m_shapes.circles)
{}

namespace {

wire::ObstacleShapes withWalls(wire::ObstacleShapes shapes, std::vector<std::vector<core::Point2d>> walls)
{
    for (auto &wall : walls) shapes.polygons.push_back(std::move(wall));
    return shapes;
}

} // namespace

LevelObstacleContext::LevelObstacleContext(const Level &level, std::vector<std::vector<core::Point2d>> walls)
    : m_shapes(withWalls(shapesOf(level), std::move(walls))), m_shapesKey(wire::fingerprint(m_shapes)),
      m_index(m_shapes.polygons, m_shapes.circles)
{}

bool LevelObstacleContext::isClear(const Vec3 &a, const Vec3 &b, double radius) const
{
    return m_index.isClear(a, b, radius);
}

} // namespace railforge::document
