#include "document/model/rail_banking.h"

#include "core/rail_profile.h"
#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/model/rail_speed.h"
#include "document/model/tool_numbers.h"

#include <algorithm>
#include <functional>

namespace railforge::document {

namespace {

// The rail banked for the speed speedAt(s) at each point's arc length s.
Rail bankedRail(const Rail &rail, const std::function<double(const core::ArcLengthTable &, double)> &speedAt,
                double metresPerUnit, double maxBankDegrees, const std::vector<std::size_t> &points)
{
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(rail));
    // The frame the rail has without tilt: the bank is measured from it.
    const core::FrameTable untilted = core::buildFrameTable(table, {}, rail.frame);
    Rail banked = rail;
    banked.tilts.resize(rail.points.size(), 0.0);
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        if (!points.empty() && std::find(points.begin(), points.end(), i) == points.end()) continue;
        const double s = i < untilted.knotS.size() ? untilted.knotS[i] : untilted.length;
        banked.tilts[i] =
            toolAngle(core::bankForSpeed(table, untilted, s, speedAt(table, s), metresPerUnit, maxBankDegrees));
    }
    compactPointExtras(banked);
    return banked;
}

} // namespace

Rail bankedForSpeed(const Rail &rail, double speed, double metresPerUnit, double maxBankDegrees,
                    const std::vector<std::size_t> &points)
{
    return bankedRail(
        rail, [&](const core::ArcLengthTable &, double) { return speed; }, metresPerUnit, maxBankDegrees, points);
}

std::optional<Rail> bankedForSpeedChannel(const Rail &rail, double metresPerUnit, double maxBankDegrees,
                                          const std::vector<std::size_t> &points)
{
    if (!numberChannel(rail.channels, "speed")) return std::nullopt;
    std::optional<RailSpeed> speed; // resolved on the first call's table (every call passes the same)
    auto speedAt = [&](const core::ArcLengthTable &table, double s) {
        if (!speed) speed = RailSpeed::of(rail, table);
        // A key of 0 (or a bad number) is a rider standing: no bank. The channel is in level units a
        // second; the bank wants m/s.
        return speed ? speed->at(s, 0.0) * metresPerUnit : 0.0;
    };
    return bankedRail(rail, speedAt, metresPerUnit, maxBankDegrees, points);
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
        const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(trunk));
        const core::FrameTable frames = railFrames(trunk, table);
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
