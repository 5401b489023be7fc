// Banking a rail for a speed: each point's tilt set so that a rider at that speed feels no lateral
// force there (the rail leans into the turn: tan(bank) = v^2 kappa / g across the tangent, measured
// from the frame the rail has without tilt; core/rail_profile.h bankForSpeed).
#pragma once

#include "document/model/level.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// `rail` with the tilts of `points` (all points when empty) set for `speed` (m/s), each limited to
// +-maxBankDegrees; `metresPerUnit` converts the level's lengths.
Rail bankedForSpeed(const Rail &rail, double speed, double metresPerUnit, double maxBankDegrees,
                    const std::vector<std::size_t> &points = {});

// `rail` banked for the speed its `speed` channel gives at each point (level units a second, as the
// channel holds it); nothing when it has no speed channel.
std::optional<Rail> bankedForSpeedChannel(const Rail &rail, double metresPerUnit, double maxBankDegrees,
                                          const std::vector<std::size_t> &points = {});

// After `rail` was banked in `level`: at every junction it is in (as trunk or as a way), each linked
// end takes the trunk's tilt at the junction, so a rider's up does not jump there (the loader warns
// of a tilt jump). Returns the ids of the rails it changed.
std::vector<std::string> keepTiltAcrossJunctions(Level &level, const std::string &rail);

} // namespace railforge::document
