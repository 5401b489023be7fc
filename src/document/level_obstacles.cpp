#include "document/level_obstacles.h"

namespace railforge::document {
namespace {

core::ObstacleIndex buildIndex(const Level &level)
{
    std::vector<std::vector<core::Point2d>> polygons;
    std::vector<core::CircleObstacle> circles;
    for (const Obstacle &o : level.obstacles) {
        if (o.shape == Obstacle::Shape::Circle) {
            circles.push_back({{o.circle.center.x, o.circle.center.y}, o.circle.radius});
        } else {
            std::vector<core::Point2d> outline;
            outline.reserve(o.polygon.size());
            for (const Point2 &p : o.polygon) outline.push_back({p.x, p.y});
            polygons.push_back(std::move(outline));
        }
    }
    return core::ObstacleIndex(std::move(polygons), std::move(circles));
}

} // namespace

LevelObstacleContext::LevelObstacleContext(const Level &level) : m_index(buildIndex(level)) {}

bool LevelObstacleContext::isClear(const Vec3 &a, const Vec3 &b, double radius) const
{
    return m_index.isClear(a, b, radius);
}

} // namespace railforge::document
