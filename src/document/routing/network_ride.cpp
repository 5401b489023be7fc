#include "document/routing/network_ride.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_speed.h"

#include <cmath>
#include <random>

namespace railforge::document {

bool parseRideChoice(const std::string &text, NetworkRideOptions &options, std::string *error)
{
    auto fail = [&](const std::string &why) {
        if (error) *error = why;
        return false;
    };
    if (text == "default") {
        options.choose = NetworkRideOptions::Choose::Default;
        return true;
    }
    if (text.rfind("random:", 0) == 0) {
        const std::string seed = text.substr(7);
        char *end = nullptr;
        const unsigned long long v = std::strtoull(seed.c_str(), &end, 10);
        if (seed.empty() || *end != '\0') return fail("random:SEED needs a whole number, got '" + seed + "'");
        options.choose = NetworkRideOptions::Choose::Random;
        options.seed = v;
        return true;
    }
    if (text.rfind("sequence:", 0) == 0) {
        options.choose = NetworkRideOptions::Choose::Sequence;
        options.sequence.clear();
        std::string rest = text.substr(9);
        std::size_t from = 0;
        while (from <= rest.size()) {
            const std::size_t comma = rest.find(',', from);
            const std::string way = rest.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
            if (way.empty()) return fail("sequence:WAY,WAY,... names a rail at each junction; one is empty");
            options.sequence.push_back(way);
            if (comma == std::string::npos) break;
            from = comma + 1;
        }
        return true;
    }
    return fail("--choose is default, random:SEED or sequence:WAY,WAY,..., got '" + text + "'");
}

NetworkRide rideNetwork(const Level &level, const NetworkRideOptions &options)
{
    NetworkRide ride;
    const int start = findRail(level, options.rail);
    if (start < 0) {
        ride.error = "no rail '" + options.rail + "'";
        return ride;
    }
    const LevelNetwork net = buildLevelNetwork(level);
    core::NetworkRider rider{std::size_t(start), options.fromEnd ? net.rails[std::size_t(start)].length : 0.0,
                             !options.fromEnd};
    // Without a typed speed the rider goes at each rail's speed channel, read as ▶ Play reads it.
    std::vector<std::optional<RailSpeed>> channels;
    if (!options.speed)
        for (std::size_t r = 0; r < level.rails.size(); ++r)
            channels.push_back(RailSpeed::of(level.rails[r], net.tables[r]));
    if (!options.speed && !channels[std::size_t(start)]) {
        ride.error = "rail '" + options.rail + "' has no speed channel: give --speed";
        return ride;
    }
    double speed = options.speed ? *options.speed : channels[std::size_t(start)]->moving(rider.s, 0.0);
    std::mt19937_64 random(options.seed);
    std::size_t next = 0; // the next way of the sequence
    const core::NetworkChooser choose = [&](std::size_t junction) -> std::size_t {
        const std::vector<core::NetworkWay> &ways = net.junctions[junction].ways;
        if (options.choose == NetworkRideOptions::Choose::Random)
            return std::uniform_int_distribution<std::size_t>(0, ways.size() - 1)(random);
        if (options.choose == NetworkRideOptions::Choose::Sequence && next < options.sequence.size()) {
            const std::string &want = options.sequence[next++];
            const std::vector<std::string> &names = net.wayRails[junction];
            for (std::size_t i = 0; i < names.size(); ++i)
                if (names[i] == want) return i;
            if (ride.error.empty()) {
                std::string all;
                for (const std::string &n : names) all += (all.empty() ? "" : ", ") + n;
                ride.error = "the sequence's way " + std::to_string(next) + " is '" + want + "', but junction '" +
                             level.junctions[junction].id + "' leads to " + all;
            }
        }
        return net.junctions[junction].defaultWay;
    };
    const auto steps = std::llround(std::floor(options.duration / options.dt + 1e-9));
    double travelled = 0.0;
    for (long long i = 0; i <= steps; ++i) {
        bool stopped = false;
        if (i > 0) {
            // Over a step the speed is the one where the rider is at its start (steps are short).
            if (!options.speed && channels[rider.rail]) speed = channels[rider.rail]->moving(rider.s, speed);
            const core::NetworkStep step =
                core::networkAdvance(net.rails, net.junctions, rider, speed * options.dt, choose);
            if (!ride.error.empty()) return ride;
            rider = step.rider;
            travelled += step.travelled;
            stopped = step.stopped || step.capped;
            ride.stopped = stopped;
            if (stopped && step.travelled == 0.0) return ride; // it was at the end already: the last row says so
        }
        ride.rows.push_back({double(i) * options.dt, rider.rail, rider.s,
                             networkPose(net, rider.rail, rider.s, rider.forward), travelled});
        if (stopped) return ride;
    }
    return ride;
}

} // namespace railforge::document
