#include "document/checks/ride_warnings.h"

#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_roll_rate.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/rail_speed.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

constexpr std::size_t kStretchesSaid = 5;

// One stretch of rows outside the limits, with its worst force.
struct ForceStretch {
    double from = 0.0, to = 0.0;
    double worst = 0.0;   // the force furthest outside, in g
    bool lateral = false; // the worst is sideways
    core::Vec3 at;        // where it is worst
};

// How far a rider's forces are outside the limits (0 inside), and which of them.
double beyond(const core::RiderForces &f, const RideLimits &l, bool *lateral, double *value)
{
    const double side = std::abs(f.lateral) - l.lateral;
    const double vertical = std::max(f.vertical - l.verticalMax, l.verticalMin - f.vertical);
    *lateral = side > vertical;
    *value = *lateral ? f.lateral : f.vertical;
    return std::max({0.0, side, vertical});
}

std::vector<ForceStretch> forceStretches(const Rail &rail, double metresPerUnit, const RideLimits &limits)
{
    std::vector<ForceStretch> out;
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    const auto speed = RailSpeed::of(rail, table);
    if (!speed) return out;
    const double length = core::totalLength(table);
    const double spacing = std::max(kRideForceSpacing, length / 20000.0);
    bool inside = false;
    double worstBy = 0.0;
    for (const core::ProfileRow &row : core::railProfile(table, geometry->frames(), spacing)) {
        const core::RiderForces f = core::riderForces(row, speed->at(row.s, 0.0) * metresPerUnit, metresPerUnit);
        bool lateral = false;
        double value = 0.0;
        const double by = beyond(f, limits, &lateral, &value);
        if (by > 1e-9) {
            if (!inside) {
                out.push_back({row.s, row.s, value, lateral, row.position});
                worstBy = by;
            }
            ForceStretch &stretch = out.back();
            stretch.to = row.s;
            if (by > worstBy) {
                stretch.worst = value;
                stretch.lateral = lateral;
                stretch.at = row.position;
                worstBy = by;
            }
        }
        inside = by > 1e-9;
    }
    return out;
}

std::string forceText(const Rail &rail, const ForceStretch &f, const RideLimits &l)
{
    const std::string where = " at s " + formatRounded(f.from, 1) + " to " + formatRounded(f.to, 1);
    if (f.lateral)
        return "rail '" + rail.id + "' pushes the rider " + formatRounded(std::abs(f.worst), 2) + " g sideways" +
               where + " (more than " + formatRounded(l.lateral, 1) +
               " g at its speed channel's speed: Bank… leans it into the turn)";
    if (f.worst > l.verticalMax)
        return "rail '" + rail.id + "' presses the rider with " + formatRounded(f.worst, 2) + " g" + where +
               " (more than " + formatRounded(l.verticalMax, 1) +
               " g at its speed channel's speed: a wider valley, or Fit heights… with a design speed)";
    return "rail '" + rail.id + "' lifts the rider at " + formatRounded(f.worst, 2) + " g" + where + " (less than " +
           formatRounded(l.verticalMin, 1) +
           " g at its speed channel's speed: a rounder crest, or Fit heights… with a design speed)";
}

} // namespace

LevelProblems rideWarnings(const Level &level, double metresPerUnit, double maxRollRate, const RideLimits &limits)
{
    LevelProblems out;
    for (std::size_t r = 0; r < level.rails.size(); ++r) {
        const Rail &rail = level.rails[r];
        if (rail.points.size() < 2 || !roleChannel(rail.channels, core::ChannelRole::Speed)) continue;
        const std::vector<RollRate> rolls = rollRatesOver(rail, metresPerUnit, maxRollRate);
        if (!rolls.empty()) {
            const auto geometry = geometryOfShape(rail);
            const core::ArcLengthTable &table = geometry->table();
            for (const RollRate &roll : rolls) {
                out.push_back({Severity::Warning,
                               {ProblemSubject::Part::Rail, r, 0},
                               "rail '" + rail.id + "' rolls " + formatRounded(roll.degreesPerMetre, 1) +
                                   "° a metre at s " + formatRounded(roll.fromS, 1) + " to " +
                                   formatRounded(roll.toS, 1) + " (more than " + formatRounded(maxRollRate, 0) +
                                   "° a metre: Bank… with a roll rate eases it)",
                               core::sampleAt(table, 0.5 * (roll.fromS + roll.toS)).position});
            }
        }
        const std::vector<ForceStretch> forces = forceStretches(rail, metresPerUnit, limits);
        for (std::size_t k = 0; k < forces.size() && k < kStretchesSaid; ++k)
            out.push_back({Severity::Warning,
                           {ProblemSubject::Part::Rail, r, 0},
                           forceText(rail, forces[k], limits),
                           forces[k].at});
        if (forces.size() > kStretchesSaid)
            out.push_back({Severity::Warning,
                           {ProblemSubject::Part::Rail, r, 0},
                           "rail '" + rail.id + "': " + std::to_string(forces.size() - kStretchesSaid) +
                               " more stretches outside the ride limits",
                           forces[kStretchesSaid].at});
    }
    return out;
}

} // namespace railforge::document
