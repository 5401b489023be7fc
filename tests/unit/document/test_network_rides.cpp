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

#include <rapidcheck.h>

#include <cmath>

using namespace railforge;
using namespace railforge::document;

namespace {

// The place on rail `rail` at arc length s.
core::Vec3 pointAt(const Rail &rail, double s)
{
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(rail));
    return core::sampleAt(table, s * core::totalLength(table)).position;
}

double railLength(const Rail &rail) { return core::totalLength(core::buildArcLengthTable(railCurve(rail))); }

Level randomNetwork()
{
    Level level;
    const int rails = *rc::gen::inRange(1, 7);
    for (int i = 0; i < rails; ++i) {
        Rail rail;
        rail.id = "r" + std::to_string(i);
        rail.spline = *rc::gen::element(SplineKind::Linear, SplineKind::CatmullRom);
        rail.frame = FrameMode::Upright;
        core::Vec3 start{double(*rc::gen::inRange(-100, 100)), double(*rc::gen::inRange(-100, 100)), 0};
        const int attach = i == 0 ? 0 : *rc::gen::weightedElement<int>({{1, 0}, {3, 1}, {3, 2}});
        const std::size_t other = i == 0 ? 0 : std::size_t(*rc::gen::inRange(0, i));
        if (attach == 1) {
            start = level.rails[other].points.back();
        } else if (attach == 2) {
            const double at = *rc::gen::inRange(1, 99) / 100.0;
            start = pointAt(level.rails[other], at);
        }
        rail.points.push_back(start);
        const int more = *rc::gen::inRange(1, 4);
        double heading = *rc::gen::inRange(0, 360) * M_PI / 180;
        for (int k = 0; k < more; ++k) {
            heading += *rc::gen::inRange(-40, 40) * M_PI / 180;
            const double step = *rc::gen::inRange(5, 50);
            const core::Vec3 last = rail.points.back();
            rail.points.push_back({last.x + step * std::cos(heading), last.y + step * std::sin(heading),
                                   last.z + *rc::gen::inRange(-5, 5)});
        }
        level.rails.push_back(rail);
        if (attach == 0) continue;
        const Rail &trunk = level.rails[other];
        if (attach == 1) {
            // The other rail's end: join its junction there, or make one.
            auto there = std::find_if(level.junctions.begin(), level.junctions.end(),
                                      [&](const Junction &j) { return j.rail == trunk.id && j.end == RailEnd::End; });
            if (there == level.junctions.end()) {
                Junction j;
                j.id = "j" + std::to_string(level.junctions.size());
                j.rail = trunk.id;
                j.end = RailEnd::End;
                level.junctions.push_back(j);
                there = level.junctions.end() - 1;
            }
            there->links.push_back({rail.id, RailEnd::Start});
        } else {
            Junction j;
            j.id = "j" + std::to_string(level.junctions.size());
            j.rail = trunk.id;
            // The same s the start was put at (pointAt's fraction of the length).
            const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(trunk));
            j.s = 0.0;
            double best = 1e300;
            // Find the s whose point is the rail's start (the fraction is not kept: search densely).
            for (int k = 0; k <= 4000; ++k) {
                const double s = core::totalLength(table) * k / 4000.0;
                const double d = core::length(core::sampleAt(table, s).position - start);
                if (d < best) best = d, j.s = s;
            }
            rail.points.front() = core::sampleAt(table, j.s).position;
            level.rails.back().points.front() = rail.points.front();
            j.links.push_back({rail.id, RailEnd::Start});
            level.junctions.push_back(j);
        }
    }
    for (Junction &j : level.junctions) {
        auto lengthOf = [&](const std::string &id) {
            return railLength(level.rails[std::size_t(findRail(level, id))]);
        };
        const std::vector<JunctionWay> ways = junctionWays(j, lengthOf);
        j.defaultWay = ways[std::size_t(*rc::gen::inRange(0, int(ways.size())))].rail;
    }
    return level;
}

} // namespace

int main()
{
    const bool ok = rc::check("rides across random networks are finite, exact and continuous", [] {
        const Level generated = randomNetwork();
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
        const double step = options.speed * options.dt;
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
