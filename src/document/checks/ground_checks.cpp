#include "document/checks/ground_checks.h"

#include "document/model/rail_geometry.h"
#include "document/text/number_format.h"

#include <algorithm>

namespace railforge::document {
namespace {

constexpr double kTolerance = 1e-6;

// How far below the ground a point is (0 when it is not).
double depthBelow(const core::GroundSet &ground, core::Vec3 p)
{
    if (ground.highestBelow(p.x, p.y, p.z + kTolerance)) return 0.0;
    const auto top = ground.highest(p.x, p.y);
    return top ? *top - p.z : 0.0;
}

Diagnostic diagnosticAt(Severity severity, const std::string &file, const std::vector<YAML::Mark> &marks, std::size_t i,
                        std::string message)
{
    const bool located = i < marks.size() && marks[i].line >= 0;
    return {severity, file, located ? marks[i].line + 1 : 0, located ? marks[i].column + 1 : 0, std::move(message)};
}

} // namespace

std::vector<UndergroundStretch> railsBelowGround(const Level &level, const core::GroundSet &ground, double spacing)
{
    std::vector<UndergroundStretch> out;
    if (ground.empty()) return out;
    for (std::size_t r = 0; r < level.rails.size(); ++r) {
        const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(level.rails[r]));
        const double length = core::totalLength(table);
        UndergroundStretch worst{r, 0.0, 0.0};
        // Even steps, never more than a hundred thousand a rail, and every control point exactly.
        const double step = std::max(spacing, length / 100000.0);
        auto see = [&](double s) {
            const double depth = depthBelow(ground, core::sampleAt(table, s).position);
            if (depth > worst.depth) worst.depth = depth, worst.s = s;
        };
        if (length > 0.0)
            for (const core::CurveSample &sample : core::sample(table, step)) see(sample.s);
        for (std::size_t i = 0; i < table.segments.size(); ++i) see(table.breaks[table.firstBreak[i]].s);
        if (worst.depth > kTolerance) out.push_back(worst);
    }
    return out;
}

Diagnostics groundProblems(const Level &level, const LevelMarks &marks, const LevelGround &ground,
                           const std::string &file)
{
    Diagnostics out;
    for (const UnreadReference &u : ground.unread) {
        const auto at = std::find_if(level.references.begin(), level.references.end(),
                                     [&](const Reference &r) { return r.id == u.reference; });
        out.push_back(diagnosticAt(u.problem.refused ? Severity::Error : Severity::Warning, file, marks.references,
                                   std::size_t(at - level.references.begin()), u.message()));
    }
    for (const UndergroundStretch &u : railsBelowGround(level, ground.ground, 0.1))
        out.push_back(diagnosticAt(Severity::Warning, file, marks.rails, u.rail,
                                   "rail " + level.rails[u.rail].id + " passes " + formatRounded(u.depth, 2) +
                                       " below the ground at s = " + formatRounded(u.s, 1)));
    return out;
}

} // namespace railforge::document
