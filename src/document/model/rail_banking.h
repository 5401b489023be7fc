// Banking a rail for a speed: each point's tilt set so that a rider at that speed feels no lateral
// force there (the rail leans into the turn: tan(bank) = v^2 kappa / g across the tangent, measured
// from the frame the rail has without tilt; core/rail_profile.h bankForSpeed), at most the largest
// bank, and rolling no faster than the roll-rate limit (core/roll_rate.h): where the wanted bank
// turns faster, the tilts are the nearest that keep the limit, and the stretch is reported.
#pragma once

#include "document/model/level.h"
#include "document/model/rail_roll_rate.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// The limits of a bank.
struct BankLimits {
    double maxBankDegrees = 90.0;
    double maxRollRate = kDefaultMaxRollRate; // degrees a metre; infinity: none
};

// A stretch of the rail where the roll-rate limit kept the bank short of the speed's.
struct BankShortfall {
    double fromS = 0.0, toS = 0.0; // level units along the rail
    double degrees = 0.0;          // the largest difference from the wanted bank there
};

// A banked rail, and where the limits kept it from the bank the speed wants.
struct BankedRail {
    Rail rail;
    std::vector<BankShortfall> shortfalls;
};

// `rail` with the tilts of `points` (all points when empty; the others keep theirs) set for `speed`
// (m/s) within `limits`; `metresPerUnit` converts the level's lengths.
BankedRail bankedForSpeed(const Rail &rail, double speed, double metresPerUnit, const BankLimits &limits,
                          const std::vector<std::size_t> &points = {});

// `rail` banked for the speed its `speed` channel gives at each point (level units a second, as the
// channel holds it); nothing when it has no speed channel.
std::optional<BankedRail> bankedForSpeedChannel(const Rail &rail, double metresPerUnit, const BankLimits &limits,
                                                const std::vector<std::size_t> &points = {});

// After `rail` was banked in `level`: at every junction it is in (as trunk or as a way), each linked
// end takes the trunk's tilt at the junction, so a rider's up does not jump there (the loader warns
// of a tilt jump). Returns the ids of the rails it changed.
std::vector<std::string> keepTiltAcrossJunctions(Level &level, const std::string &rail);

} // namespace railforge::document
