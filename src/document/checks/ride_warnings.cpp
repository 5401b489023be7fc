#include "document/checks/ride_warnings.h"

#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_roll_rate.h"
#include "document/text/number_format.h"

namespace railforge::document {

LevelProblems rideWarnings(const Level &level, double metresPerUnit, double maxRollRate)
{
    LevelProblems out;
    for (std::size_t r = 0; r < level.rails.size(); ++r) {
        const Rail &rail = level.rails[r];
        if (rail.points.size() < 2 || !numberChannel(rail.channels, "speed")) continue;
        const std::vector<RollRate> rolls = rollRatesOver(rail, metresPerUnit, maxRollRate);
        if (rolls.empty()) continue;
        const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(rail));
        for (const RollRate &roll : rolls) {
            out.push_back({Severity::Warning,
                           {ProblemSubject::Part::Rail, r, 0},
                           "rail '" + rail.id + "' rolls " + formatRounded(roll.degreesPerMetre, 1) +
                               "° a metre at s " + formatRounded(roll.fromS, 1) + " to " + formatRounded(roll.toS, 1) +
                               " (more than " + formatRounded(maxRollRate, 0) + "° a metre: Bank… with a roll rate " +
                               "eases it)",
                           core::sampleAt(table, 0.5 * (roll.fromS + roll.toS)).position});
        }
    }
    return out;
}

} // namespace railforge::document
