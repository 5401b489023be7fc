// A rider along a level's rail network at a constant speed (docs/design.md "Rail networks"), as
// `railforge-cli ride` prints it: a row every dt from t = 0 to the duration, the distance of each step
// carried across junctions exactly, the way at each junction the default, a seeded random one or the
// next of a named sequence; the ride ends where an open end stops the rider.
#pragma once

#include "document/model/junction_network.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

struct NetworkRideOptions {
    std::string rail;     // where the rider starts
    bool fromEnd = false; // at its end, riding backward (else at its start, riding forward)
    // Level units per second (>= 0); none: each rail's speed channel where the rider is (rail_speed.h),
    // a rail without one keeping the speed the rider had.
    std::optional<double> speed = 1.0;
    double duration = 0.0; // seconds
    double dt = 0.1;       // seconds between rows (> 0)
    enum class Choose { Default, Random, Sequence } choose = Choose::Default;
    std::uint64_t seed = 0;            // Random
    std::vector<std::string> sequence; // Sequence: the rail of the way taken at each junction reached
};

struct NetworkRideRow {
    double t = 0.0;
    std::size_t rail = 0;   // index into level.rails
    double s = 0.0;         // arc length from the rail's start, whichever way it is ridden
    NetworkPose pose;       // tangent: the direction of travel
    double travelled = 0.0; // along the network since t = 0
};

struct NetworkRide {
    std::vector<NetworkRideRow> rows;
    bool stopped = false; // an open end ended the ride before the duration
    std::string error;    // why there is no ride (unknown rail, a sequence naming no way there)
};

// Rides `level`'s network as the options say.
NetworkRide rideNetwork(const Level &level, const NetworkRideOptions &options);

// Reads "default", "random:SEED" or "sequence:WAY,WAY,..." into the options; false with `error` set.
bool parseRideChoice(const std::string &text, NetworkRideOptions &options, std::string *error);

} // namespace railforge::document
