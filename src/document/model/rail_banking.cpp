#include "document/model/rail_banking.h"

#include "core/rail_profile.h"
#include "core/roll_rate.h"
#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/rail_speed.h"
#include "document/model/tool_numbers.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace railforge::document {

namespace {

// Where the banked tilts fall short of the wanted ones by more than this, the limit is reported.
constexpr double kShortfallDegrees = 0.5;

// The rail banked for the speed speedAt(s) at each point's arc length s.
BankedRail bankedRail(const Rail &rail, const std::function<double(const core::ArcLengthTable &, double)> &speedAt,
                      double metresPerUnit, const BankLimits &limits, const std::vector<std::size_t> &points)
{
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    // The frame the rail has without tilt: the bank is measured from it.
    const core::FrameTable untilted = core::buildFrameTable(table, {}, rail.frame);
    const std::size_t n = rail.points.size();
    std::vector<double> wanted(n, 0.0);
    std::vector<bool> fixed(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        if (!points.empty() && std::find(points.begin(), points.end(), i) == points.end()) {
            fixed[i] = true;
            wanted[i] = pointTilt(rail, i);
            continue;
        }
        const double s = i < untilted.knotS.size() ? untilted.knotS[i] : untilted.length;
        wanted[i] = core::bankForSpeed(table, untilted, s, speedAt(table, s), metresPerUnit, limits.maxBankDegrees);
    }
    std::vector<double> tilts = wanted;
    std::vector<double> steps = segmentMetres(rail, metresPerUnit);
    if (std::isfinite(limits.maxRollRate) && n >= 2 && steps.size() == (rail.closed ? n : n - 1)) {
        for (double &step : steps) step = core::maxTiltStep(step, limits.maxRollRate);
        tilts = core::withinSteps(wanted, steps, rail.closed, fixed);
    }
    BankedRail out{rail, {}};
    out.rail.tilts.resize(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        if (fixed[i]) continue;
        out.rail.tilts[i] = toolAngle(std::clamp(tilts[i], -limits.maxBankDegrees, limits.maxBankDegrees));
        const double shortBy = std::abs(out.rail.tilts[i] - wanted[i]);
        if (shortBy <= kShortfallDegrees) continue;
        const double s = untilted.knotS[std::min(i, untilted.knotS.size() - 1)];
        const double from = i > 0 ? untilted.knotS[i - 1] : s;
        const double to = i + 1 < n ? untilted.knotS[i + 1] : s;
        if (!out.shortfalls.empty() && out.shortfalls.back().toS >= from) {
            out.shortfalls.back().toS = to;
            out.shortfalls.back().degrees = std::max(out.shortfalls.back().degrees, shortBy);
        } else {
            out.shortfalls.push_back({from, to, shortBy});
        }
    }
    compactPointExtras(out.rail);
    return out;
}

} // namespace

BankedRail bankedForSpeed(const Rail &rail, double speed, double metresPerUnit, const BankLimits &limits,
                          const std::vector<std::size_t> &points)
{
    return bankedRail(
        rail, [&](const core::ArcLengthTable &, double) { return speed; }, metresPerUnit, limits, points);
}

std::optional<BankedRail> bankedForSpeedChannel(const Rail &rail, double metresPerUnit, const BankLimits &limits,
                                                const std::vector<std::size_t> &points)
{
    if (!roleChannel(rail.channels, core::ChannelRole::Speed)) return std::nullopt;
    std::optional<RailSpeed> speed; // resolved on the first call's table (every call passes the same)
    auto speedAt = [&](const core::ArcLengthTable &table, double s) {
        if (!speed) speed = RailSpeed::of(rail, table);
        // A key of 0 (or a bad number) is a rider standing: no bank. The channel is in level units a
        // second; the bank wants m/s.
        return speed ? speed->at(s, 0.0) * metresPerUnit : 0.0;
    };
    return bankedRail(rail, speedAt, metresPerUnit, limits, points);
}

std::vector<std::string> keepTiltAcrossJunctions(Level &level, const std::string &rail)
{
    std::vector<std::string> changed;
    for (const Junction &j : level.junctions) {
        const bool involved = j.rail == rail || std::any_of(j.links.begin(), j.links.end(),
                                                            [&](const JunctionLink &l) { return l.rail == rail; });
        const int t = findRail(level, j.rail);
        if (!involved || t < 0 || level.rails[std::size_t(t)].points.size() < 2) continue;
        const Rail &trunk = level.rails[std::size_t(t)];
        const auto geometry = geometryOfShape(trunk);
        const core::FrameTable &frames = geometry->frames();
        const double s = j.end ? (*j.end == RailEnd::Start ? 0.0 : frames.length) : j.s;
        const double tilt = toolAngle(core::tiltAt(frames, s) * 180.0 / M_PI);
        for (const JunctionLink &link : j.links) {
            const int r = findRail(level, link.rail);
            if (r < 0 || level.rails[std::size_t(r)].points.empty()) continue;
            Rail &linked = level.rails[std::size_t(r)];
            const std::size_t end = link.end == RailEnd::Start ? 0 : linked.points.size() - 1;
            if (pointTilt(linked, end) == tilt) continue;
            setPointTilt(linked, end, tilt);
            changed.push_back(linked.id);
        }
    }
    return changed;
}

} // namespace railforge::document
