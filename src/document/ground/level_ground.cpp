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
                            const std::optional<std::string> &onlyReference, bool keepSources)
{
    LevelGround out;
    for (const Reference &r : level.references) {
        if (r.kind == ReferenceKind::Image) continue;
        if (onlyReference ? r.id != *onlyReference : !r.ground) continue;
        ReferenceProblem problem;
        if (r.kind == ReferenceKind::Mesh) {
            if (auto triangles = readMeshTriangles(r, files, budget, &problem)) {
                if (keepSources)
                    out.raw.meshes.push_back(std::make_shared<const std::vector<core::GroundTriangle>>(*triangles));
                out.ground.add(std::make_shared<core::GroundMesh>(std::move(*triangles)));
                ++out.sources;
                continue;
            }
        } else if (auto grid = readHeightGrid(r, files, budget, &problem)) {
            if (keepSources) out.raw.grids.push_back(grid);
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
            // Images are decoded by the views that show them: their header says what that will cost.
            ReferenceProblem header;
            if (referenceImageSize(r, files, &budget, &header).isEmpty()) problem = std::move(header);
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
        // The surface nearest the point's height less its clearance: the placing rule of the editor.
        const auto z = ground.nearestSurface(p.x, p.y, p.z - clearance);
        if (!z) continue;
        p.z = *z + clearance;
        ++count;
    }
    if (covered) *covered = count;
    return out;
}

} // namespace railforge::document
