// Which of a rail's points on one side of a merge are which of BASE's: points are matched by identity,
// not by index, so that a point inserted or deleted on one side and another point moved or tilted on
// the other merge cleanly, and channel keys at points follow their points through both sides' edits.
// Points are matched by their place in order: the longest run of unchanged points in order (positions
// equal), and between two matched points, as many of the side's points as BASE had there, each paired
// with the BASE point it stands nearest to in order (a moved point); the side's others are new, BASE's
// others are gone.
#pragma once

#include "core/vec3.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace railforge::document {

// For each of a side's points, the BASE point it is (none: a point the side added).
using PointAlignment = std::vector<std::optional<std::size_t>>;

PointAlignment alignPoints(const std::vector<core::Vec3> &base, const std::vector<core::Vec3> &side);

// Whether `side` is `base` reversed (a rail turned round: every point's place, in the other order).
bool isReversal(const std::vector<core::Vec3> &base, const std::vector<core::Vec3> &side);

} // namespace railforge::document
