// Embree 3 answering the ground's questions on the same triangles, as a yardstick for GroundMesh in
// bench_ground only (never a dependency of the editor): a ray shot straight down, one thread.
#pragma once

#include "core/ground.h"

#include <memory>
#include <optional>
#include <vector>

namespace railforge::bench {

class EmbreeGround {
public:
    // A scene of the triangles (in floats, as Embree keeps them) built at high quality (its spatial
    // splits: the fastest rays it can give), on one thread.
    explicit EmbreeGround(const std::vector<core::GroundTriangle> &triangles);
    ~EmbreeGround();
    EmbreeGround(const EmbreeGround &) = delete;
    EmbreeGround &operator=(const EmbreeGround &) = delete;
    // rtcIntersect1 of a ray down from above the mesh's top: the height of the first triangle met.
    std::optional<double> highest(double x, double y) const;
    // The same ray from height z (a hit at distance 0 included).
    std::optional<double> highestBelow(double x, double y, double z) const;

private:
    std::optional<double> down(double x, double y, double z) const;
    struct Handles;
    std::unique_ptr<Handles> m_handles;
    double m_top = 0;
};

} // namespace railforge::bench
