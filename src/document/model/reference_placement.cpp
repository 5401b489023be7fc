#include "document/model/reference_placement.h"

#include <cmath>

namespace railforge::document {

PlanPoint imagePointAt(const std::array<double, 4> &rect, int width, int height, PlanPoint world)
{
    return {(world.x - rect[0]) / (rect[2] - rect[0]) * width, (rect[3] - world.y) / (rect[3] - rect[1]) * height};
}

std::optional<std::array<double, 4>> rectFromTwoPoints(int width, int height, PlanPoint a, PlanPoint worldA,
                                                       PlanPoint b, PlanPoint worldB, std::string *error)
{
    const double pixels = std::hypot(b.x - a.x, b.y - a.y);
    const double metres = std::hypot(worldB.x - worldA.x, worldB.y - worldA.y);
    if (!(pixels > 1e-9)) {
        *error = "the two points on the image are the same: click two points apart";
        return std::nullopt;
    }
    if (!(metres > 0.0) || !std::isfinite(metres)) {
        *error = "the two world positions are the same: give two different places";
        return std::nullopt;
    }
    const double scale = metres / pixels; // level units per pixel
    const double x0 = worldA.x - a.x * scale;
    const double y1 = worldA.y + a.y * scale; // image rows grow down, world y up
    return std::array<double, 4>{x0, y1 - height * scale, x0 + width * scale, y1};
}

} // namespace railforge::document
