// A random rail network for property tests (RapidCheck): 1 to 7 rails, each new one starting free,
// at another rail's end (a junction there, or a new way of the one already there) or somewhere
// along another rail (a mid-rail junction), with random defaults.
#pragma once

#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>

namespace railforge::test {

using namespace railforge::document;

// The place on rail `rail` at arc length s.
inline core::Vec3 pointAt(const Rail &rail, double s)
{
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(rail));
    return core::sampleAt(table, s * core::totalLength(table)).position;
}

inline double railLength(const Rail &rail) { return core::totalLength(core::buildArcLengthTable(railCurve(rail))); }

inline Level randomNetwork()
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

} // namespace railforge::test
