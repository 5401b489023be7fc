// The ground of a level: every mesh and heightmap reference with `ground: true` (or one named
// reference, whatever its flag), read from the files next to the level. A file that cannot be read
// is a warning naming it; the rest of the ground still answers.
#pragma once

#include "core/ground.h"
#include "document/ground/reference_files.h"
#include "document/model/level.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// A reference that gave nothing, and why.
struct UnreadReference {
    std::string reference; // its id
    ReferenceProblem problem;
    // "reference 'terrain': its buffer '../../secret.txt' is outside the project (/p)"
    std::string message() const { return "reference '" + reference + "': " + problem.message; }
};

// The ground's sources as read, for what needs more than the highest surface: a navigation mesh
// rasterises every triangle, walls included (GroundMesh keeps only what a point can land on).
struct GroundSources {
    std::vector<std::shared_ptr<const std::vector<core::GroundTriangle>>> meshes;
    std::vector<std::shared_ptr<const core::HeightGrid>> grids;
};

struct LevelGround {
    core::GroundSet ground;
    GroundSources raw;                   // only when asked for (loadLevelGround's `keepSources`)
    std::vector<UnreadReference> unread; // each reference file refused or unreadable
    int sources = 0;                     // references that answer
    // True when a reference was refused by a rule (project_files.h): an error in validate.
    bool refusedAny() const;
};

// The ground of `level`, its files read under `files`' rules within `budget`. With
// `onlyReference`, just that reference (a mesh or heightmap, ground flag or not). With `keepSources`,
// the triangles and grids as read are kept too (LevelGround::raw), from the same one read.
LevelGround loadLevelGround(const Level &level, const ProjectFiles &files, const ReadBudget &budget,
                            const std::optional<std::string> &onlyReference = std::nullopt, bool keepSources = false);

// Every reference loadLevelGround (without onlyReference) leaves alone, checked as showing it would
// read it: images and heightmaps by their header (their decoded pixels counted against the level's
// image memory under `budget`), meshes read whole (the files they pull in count).
// Each one refused or unreadable.
std::vector<UnreadReference> checkOtherReferences(const Level &level, const ProjectFiles &files,
                                                  const ReadBudget &budget);

// The rail with each control point's z set to the ground under it (the surface nearest the point's
// height less `clearance`: core GroundSet::nearestSurface) plus `clearance`; points over no ground
// keep their height.
// How many points had ground under them goes to `covered`.
Rail drapedRail(const Rail &rail, const core::GroundSet &ground, double clearance, std::size_t *covered = nullptr);

} // namespace railforge::document
