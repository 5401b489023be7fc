#include "document/ground/level_ground.h"

#include "document/editing/rail_handle_editing.h"
#include "document/model/rail_geometry.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {

bool LevelGround::refusedAny() const
{
    return std::any_of(unread.begin(), unread.end(), [](const UnreadReference &u) { return u.problem.refused; });
}

LevelGround loadLevelGround(const Level &level, const ProjectFiles &files, const ReadBudget &budget,
                            const std::optional<std::string> &onlyReference)
{
    LevelGround out;
    for (const Reference &r : level.references) {
        if (r.kind == ReferenceKind::Image) continue;
        if (onlyReference ? r.id != *onlyReference : !r.ground) continue;
        ReferenceProblem problem;
        if (r.kind == ReferenceKind::Mesh) {
            if (auto triangles = readMeshTriangles(r, files, budget, &problem)) {
                out.ground.add(std::make_shared<core::GroundMesh>(std::move(*triangles)));
                ++out.sources;
                continue;
            }
        } else if (auto grid = readHeightGrid(r, files, &problem)) {
            out.ground.add(std::move(grid));
            ++out.sources;
            continue;
        }
        out.unread.push_back({r.id, std::move(problem)});
    }
    return out;
}

std::vector<UnreadReference> checkOtherReferences(const Level &level, const ProjectFiles &files,
                                                  const ReadBudget &budget)
{
    std::vector<UnreadReference> out;
    for (const Reference &r : level.references) {
        if (r.kind != ReferenceKind::Image && r.ground) continue; // loadLevelGround's
        std::optional<ReferenceProblem> problem;
        if (r.kind == ReferenceKind::Mesh) {
            ReferenceProblem read;
            if (!readMeshTriangles(r, files, budget, &read)) problem = std::move(read);
        } else {
            problem = checkReferenceFile(r, files);
        }
        if (problem) out.push_back({r.id, std::move(*problem)});
    }
    return out;
}

Rail drapedRail(const Rail &rail, const core::GroundSet &ground, double clearance, std::size_t *covered)
{
    Rail out = rail;
    std::size_t count = 0;
    for (core::Vec3 &p : out.points) {
        const auto z = ground.under(p.x, p.y, p.z);
        if (!z) continue;
        p.z = *z + clearance;
        ++count;
    }
    if (covered) *covered = count;
    return out;
}

namespace {

// The largest |z - (ground + clearance)| at 32 places inside one Bezier segment.
double segmentDeviation(const core::CubicBezier &segment, const core::GroundSet &ground, double clearance)
{
    double worst = 0.0;
    constexpr int kSamples = 32;
    for (int k = 1; k < kSamples; ++k) {
        const core::Vec3 p = core::evaluate(segment, double(k) / kSamples);
        if (const auto z = ground.under(p.x, p.y, p.z)) worst = std::max(worst, std::abs(p.z - (*z + clearance)));
    }
    return worst;
}

} // namespace

double drapeDeviation(const Rail &rail, std::size_t segment, const core::GroundSet &ground, double clearance)
{
    const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(rail));
    return segment < segments.size() ? segmentDeviation(segments[segment], ground, clearance) : 0.0;
}

Rail drapedRailFollowing(const Rail &rail, const core::GroundSet &ground, double clearance, double tolerance,
                         std::size_t maxAdded)
{
    Rail out = drapedRail(rail, ground, clearance);
    const std::size_t limit = rail.points.size() + maxAdded;
    for (bool split = true; split && out.points.size() < limit;) {
        split = false;
        const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(out));
        // From the last segment back, so the indices of those still to split stay the same.
        for (std::size_t s = segments.size(); s-- > 0 && out.points.size() < limit;) {
            if (segmentDeviation(segments[s], ground, clearance) <= tolerance) continue;
            out = withPointInserted(out, s, 0.5);
            split = true;
        }
        out = drapedRail(out, ground, clearance);
    }
    return out;
}

} // namespace railforge::document
