// Placing an image reference: where a point of the image lies in the world, and the world rectangle
// that puts two points of the image at two known world positions (two-point calibration). Image
// coordinates are continuous pixels: (0, 0) the top-left corner, (W, H) the bottom-right; the image
// is never rotated, and its pixels stay square.
#pragma once

#include <array>
#include <optional>
#include <string>

namespace railforge::document {

struct PlanPoint {
    double x = 0.0, y = 0.0;
};

// The image point (pixels) shown at world point `world` by an image of width x height over `rect`.
PlanPoint imagePointAt(const std::array<double, 4> &rect, int width, int height, PlanPoint world);

// The rectangle that shows image points `a` and `b` at world points `worldA` and `worldB`: the scale
// from their distances (the same both ways), the place from `a`. Nothing, with `error`, when the two
// image points or the two world points coincide.
std::optional<std::array<double, 4>> rectFromTwoPoints(int width, int height, PlanPoint a, PlanPoint worldA,
                                                       PlanPoint b, PlanPoint worldB, std::string *error);

} // namespace railforge::document
