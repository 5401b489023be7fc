// Property test (RapidCheck) of rides across random rail networks (docs/design.md "Rail networks"):
// random rails, each new one starting free, at another rail's end (a junction there, or a new way of
// the one already there) or somewhere along another rail (a mid-rail junction), with random
// defaults; the level writes and loads back without an error; a ride from any rail end at any speed
// and step, choosing at random, has finite rows with unit tangents and ups, moves exactly
// speed * dt along the network each step (until an open end stops it) and never jumps: each step's
// chord is at most what it rode.
//
// RC_PARAMS="max_success=2000" runs more cases.
#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"
#include "document/routing/network_ride.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include "random_network.h"

#include <rapidcheck.h>

#include <cmath>

using namespace railforge;
using namespace railforge::document;

int main()
{
    const bool ok = rc::check("rides across random networks are finite, exact and continuous", [] {
        const Level generated = railforge::test::randomNetwork();
        const std::string text = writeLevel(generated);
        RC_LOG() << text;
        const LoadResult loaded = readLevel(text, "network.yaml");
        for (const Diagnostic &d : loaded.diagnostics) RC_LOG() << formatDiagnostic(d) << "\n";
        RC_ASSERT(loaded.level.has_value());
        const Level &level = *loaded.level;
        RC_ASSERT(level.junctions.size() == generated.junctions.size());
        NetworkRideOptions options;
        options.rail = level.rails[std::size_t(*rc::gen::inRange(0, int(level.rails.size())))].id;
        options.fromEnd = *rc::gen::arbitrary<bool>();
        options.speed = *rc::gen::inRange(0, 3000) / 100.0;
        options.dt = *rc::gen::inRange(1, 100) / 50.0;
        options.duration = *rc::gen::inRange(0, 60);
        options.choose = NetworkRideOptions::Choose::Random;
        options.seed = *rc::gen::arbitrary<unsigned>();
        const NetworkRide ride = rideNetwork(level, options);
        bool crossed = false;
        for (const NetworkRideRow &r : ride.rows) crossed = crossed || r.rail != ride.rows.front().rail;
        RC_TAG(crossed ? "crossed a junction" : level.junctions.empty() ? "no junction" : "stayed on its rail");
        RC_ASSERT(ride.error.empty());
        RC_ASSERT(!ride.rows.empty());
        const double step = *options.speed * options.dt;
        for (std::size_t i = 0; i < ride.rows.size(); ++i) {
            const NetworkRideRow &r = ride.rows[i];
            for (double v : {r.s, r.pose.position.x, r.pose.position.y, r.pose.position.z, r.travelled})
                RC_ASSERT(std::isfinite(v));
            RC_ASSERT(std::abs(core::length(r.pose.tangent) - 1.0) < 1e-9);
            RC_ASSERT(std::abs(core::length(r.pose.up) - 1.0) < 1e-9);
            if (i == 0) continue;
            const NetworkRideRow &p = ride.rows[i - 1];
            const double moved = r.travelled - p.travelled;
            const bool last = i + 1 == ride.rows.size();
            if (!(last && ride.stopped)) RC_ASSERT(std::abs(moved - step) <= 1e-9 * std::max(1.0, r.travelled));
            // Linked ends lie within 1e-3 of their junction: a crossing may shift that much.
            RC_ASSERT(core::length(r.pose.position - p.pose.position) <= moved + 2e-3 + 1e-9 * r.travelled);
        }
    });
    return ok ? 0 : 1;
}
