#include "document/report/ground_checks.h"

#include "document/checks/problem_places.h"
#include "document/checks/surface_checks.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
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

} // namespace

std::optional<UndergroundStretch> railBelowGround(const Rail &rail, std::size_t r, const core::GroundSet &ground,
                                                  double spacing)
{
    if (ground.empty()) return std::nullopt;
    {
        const auto geometry = geometryOfShape(rail);
        const core::ArcLengthTable &table = geometry->table();
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
        if (worst.depth > kTolerance) return worst;
    }
    return std::nullopt;
}

std::vector<UndergroundStretch> railsBelowGround(const Level &level, const core::GroundSet &ground, double spacing)
{
    std::vector<UndergroundStretch> out;
    if (ground.empty()) return out;
    for (std::size_t r = 0; r < level.rails.size(); ++r)
        if (auto stretch = railBelowGround(level.rails[r], r, ground, spacing)) out.push_back(*stretch);
    return out;
}

LevelProblem undergroundProblem(const Level &level, const UndergroundStretch &u)
{
    const Rail &rail = level.rails[u.rail];
    const core::Vec3 spot = core::sampleAt(geometryOfShape(rail)->table(), u.s).position;
    return LevelProblem{Severity::Warning,
                        {ProblemSubject::Part::Rail, u.rail, 0},
                        "rail " + rail.id + " passes " + formatRounded(u.depth, 2) +
                            " below the ground at s = " + formatRounded(u.s, 1),
                        spot};
}

LevelProblems railGroundProblems(const Level &level, std::size_t r, const core::GroundSet &ground)
{
    LevelProblems out;
    if (auto u = railBelowGround(level.rails[r], r, ground, kUndergroundSpacing))
        out.push_back(undergroundProblem(level, *u));
    const LevelProblems surfaces = surfaceProblems(level, r, ground);
    out.insert(out.end(), surfaces.begin(), surfaces.end());
    return out;
}

LevelProblems groundLevelProblems(const Level &level, const std::vector<UnreadReference> &unread,
                                  const core::GroundSet &ground)
{
    LevelProblems out;
    for (const UnreadReference &u : unread) {
        const auto at = std::find_if(level.references.begin(), level.references.end(),
                                     [&](const Reference &r) { return r.id == u.reference; });
        out.push_back({u.problem.refused ? Severity::Error : Severity::Warning,
                       {ProblemSubject::Part::Reference, std::size_t(at - level.references.begin()), 0},
                       u.message(),
                       std::nullopt});
    }
    if (ground.empty()) return out;
    for (std::size_t r = 0; r < level.rails.size(); ++r) {
        const LevelProblems rail = railGroundProblems(level, r, ground);
        out.insert(out.end(), rail.begin(), rail.end());
    }
    return out;
}

Diagnostics groundProblems(const Level &level, const LevelMarks &marks, const LevelGround &ground,
                           const std::string &file)
{
    return locateProblems(groundLevelProblems(level, ground.unread, ground.ground), marks, file);
}

} // namespace railforge::document
