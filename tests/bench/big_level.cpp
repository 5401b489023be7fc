#include "big_level.h"

#include <cmath>
#include <random>

namespace railforge::bench {

document::Level makeBigLevel()
{
    using namespace railforge::document;
    Level level;
    level.info.name = "Big";
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> jitter(-1.0, 1.0);
    // 100 x 100 waypoints, 10 m apart, connected to their right and upper neighbours.
    for (int y = 0; y < 100; ++y)
        for (int x = 0; x < 100; ++x)
            level.waypoints.push_back(
                {"w" + std::to_string(y * 100 + x), {x * 10.0 + jitter(rng), y * 10.0 + jitter(rng), 0}, {}});
    for (int y = 0; y < 100; ++y)
        for (int x = 0; x < 100; ++x) {
            const std::string id = "w" + std::to_string(y * 100 + x);
            if (x + 1 < 100) level.edges.push_back({id, "w" + std::to_string(y * 100 + x + 1), true, std::nullopt, {}});
            if (y + 1 < 100)
                level.edges.push_back({id, "w" + std::to_string((y + 1) * 100 + x), true, std::nullopt, {}});
        }
    // 1,000 wavy rails of 100 points across the 1 km square.
    std::uniform_real_distribution<double> where(0, 1000);
    for (int r = 0; r < 1000; ++r) {
        Rail rail;
        rail.id = "r" + std::to_string(r);
        const double x0 = where(rng), y0 = where(rng), heading = where(rng);
        for (int i = 0; i < 100; ++i)
            rail.points.push_back({x0 + 3.0 * i * std::cos(heading) + 4 * std::sin(i * 0.7),
                                   y0 + 3.0 * i * std::sin(heading) + 4 * std::cos(i * 0.5), 0.1 * i});
        level.rails.push_back(std::move(rail));
    }
    // 500 obstacles between the grid lines: half squares, half circles.
    for (int o = 0; o < 500; ++o) {
        Obstacle obstacle;
        obstacle.id = "o" + std::to_string(o);
        const double cx = 5 + 10 * double(o % 99), cy = 5 + 10 * double((o * 37) % 99);
        if (o % 2) {
            obstacle.shape = Obstacle::Shape::Circle;
            obstacle.circle = {{cx, cy}, 2.0};
        } else {
            obstacle.polygon = {{cx - 2, cy - 2}, {cx + 2, cy - 2}, {cx + 2, cy + 2}, {cx - 2, cy + 2}};
        }
        level.obstacles.push_back(std::move(obstacle));
    }
    return level;
}

} // namespace railforge::bench
