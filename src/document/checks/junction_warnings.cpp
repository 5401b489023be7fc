#include "document/checks/junction_warnings.h"

#include "document/model/junction_network.h"
#include "document/model/rails_by_id.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

using Part = ProblemSubject::Part;

// True when the junction's trunk and every linked rail are in the level.
bool railsKnown(const Junction &j, const RailsById &rails)
{
    return rails.find(j.rail) &&
           std::all_of(j.links.begin(), j.links.end(), [&](const JunctionLink &l) { return rails.find(l.rail); });
}

} // namespace

LevelProblems junctionWarnings(const Level &level)
{
    LevelProblems out;
    RailsById rails(level.rails);
    auto lengthOf = [&rails](const std::string &rail) { return rails.length(rail); };
    for (std::size_t n = 0; n < level.junctions.size(); ++n) {
        const Junction &j = level.junctions[n];
        if (!railsKnown(j, rails)) continue;
        const std::string name = "junction '" + j.id + "'";
        const double s = junctionS(j, rails.length(j.rail));
        const core::Vec3 point = core::sampleAt(rails.shape(j.rail).table(), s).position;
        auto warn = [&](std::size_t link, std::string message) {
            out.push_back({Severity::Warning, {Part::JunctionLink, n, link}, std::move(message), point});
        };
        // A way that turns sharply from the way in, or tips the rider's up.
        const std::vector<JunctionWay> ways = junctionWays(j, lengthOf);
        const auto [in, upIn] = riderHeading(rails.shape(j.rail), s, arrivesForward(j));
        const std::size_t first = j.end ? 0 : 1; // ways[first + i] is link i
        for (std::size_t i = 0; i < j.links.size() && first + i < ways.size(); ++i) {
            const JunctionWay &w = ways[first + i];
            const auto [way, upOut] = riderHeading(rails.shape(w.rail), w.s, w.forward);
            const double turn = degreesBetween(in, way);
            if (turn > kJunctionTurnWarning)
                warn(i, name + ": the way onto rail '" + w.rail + "' turns " + formatRounded(turn, 1) +
                            "° from the way in (more than " + formatRounded(kJunctionTurnWarning, 0) + "°)");
            const double tilt = degreesBetween(upIn, upOut);
            if (tilt > kJunctionTiltWarning && turn <= kJunctionTurnWarning)
                warn(i, name + ": the rider's up jumps " + formatRounded(tilt, 1) + "° onto rail '" + w.rail +
                            "' (a tilt jump of more than " + formatRounded(kJunctionTiltWarning, 0) + "°)");
        }
        // A linked end above or below the point: the rider jumps in height.
        for (std::size_t i = 0; i < j.links.size(); ++i) {
            const JunctionLink &link = j.links[i];
            const double length = rails.length(link.rail);
            const core::Vec3 end = core::sampleAt(rails.shape(link.rail).table(), railEndS(link.end, length)).position;
            if (const double dz = end.z - point.z; std::abs(dz) > kJunctionTolerance)
                warn(i, name + ": the rider " + (dz > 0 ? "climbs " : "drops ") + formatRounded(std::abs(dz), 3) +
                            " onto this rail (a height jump: its end is " + (dz > 0 ? "above" : "below") +
                            " the junction's point)");
        }
    }
    return out;
}

} // namespace railforge::document
