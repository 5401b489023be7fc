// A level's agents on its ground: the ground references' triangles and heightmaps (read once, by the
// ground's own readers under the project rule, loadLevelGround's sources) and the obstacles as solids;
// each agent's navigation mesh baked from them when first asked for, within the read budget's time and
// the cell limit. It walks the legs of patrols that follow the navmesh (routing's WalkFinder), with
// heights on the exact ground under each step.
#pragma once

#include "core/ground.h"
#include "document/files/project_files.h"
#include "document/ground/level_ground.h"
#include "document/model/level.h"
#include "document/routing/patrol_route.h"

#include "navmesh/nav_mesh.h"
#include "navmesh/navmesh_bake.h"
#include "navmesh/walkable_input.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace railforge::document {

// An agent's sizes and grid as the navmesh library takes them.
nav::AgentSize agentSize(const Agent &agent);
nav::BakeSettings bakeSettingsOf(const Agent &agent);
// The level's obstacles as solids (every walkable place inside them blocked, at any height).
std::vector<nav::Solid> obstacleSolids(const Level &level);
// The ground's sources, indexed for baking (null when there are none).
std::shared_ptr<const nav::WalkableInput> walkableInput(const GroundSources &sources);

// Why an agent's navmesh was not baked within the limit, naming the option that raises it.
std::string overCellLimitMessage(const Agent &agent, std::int64_t needed, std::int64_t limit);

class LevelNavigation : public WalkFinder {
public:
    // `ground` and `input` from one loadLevelGround(..., keepSources = true); `budget` bounds every
    // bake's time (and cancels it).
    LevelNavigation(const Level &level, std::shared_ptr<const core::GroundSet> ground,
                    std::shared_ptr<const nav::WalkableInput> input, ReadBudget budget, std::int64_t maxCells,
                    nav::TileCache *cache = nullptr);

    // Over meshes baked elsewhere (the editor bakes off its UI thread and hands the checks, the routes
    // and the views the same meshes): mesh(agent) answers from `baked` (else with `why[agent]`), never
    // baking.
    LevelNavigation(const Level &level, std::shared_ptr<const core::GroundSet> ground, bool walkableGround,
                    std::map<std::string, std::shared_ptr<const nav::NavMesh>> baked,
                    const std::map<std::string, std::string> &why);

    // Some ground reference can be walked on.
    bool hasWalkableGround() const { return m_walkable; }
    // Different for every navigation made in this process: what a cache of answers keeps it by.
    std::uint64_t serial() const { return m_serial; }
    const core::GroundSet &ground() const { return *m_ground; }
    const Level &level() const { return m_level; }
    // The agent's mesh, baked on first ask; null, with why, when it cannot be (no such agent, no
    // walkable ground, over a limit).
    std::shared_ptr<const nav::NavMesh> mesh(const std::string &agent, std::string *why = nullptr) const;
    // Over meshes baked elsewhere: the agent's is still being baked (its checks wait for it).
    bool pending(const std::string &agent) const;
    // How long the agent's bake took and what it made (zeros before it).
    nav::BakeStats stats(const std::string &agent) const;

    std::optional<Walk> walk(const std::string &agent, Vec3 from, Vec3 to) const override;
    // The walls of the agent's walkable area near `path`: each edge where its navmesh ends, pushed out
    // by the agent's radius (to where the wall, the drop or the obstacle is), kept when it lies within
    // the path's plan box (grown by a few radii) and its height within the agent's height of the path's.
    std::shared_ptr<const LevelObstacleContext> walledContext(const Level &level, const Patrol &patrol,
                                                              const std::vector<Vec3> &path) const override;
    // The walkable surface's height under `p` on the exact ground: the ground's surface nearest the
    // mesh's height there (the mesh's own height where no ground covers it).
    Vec3 onGround(Vec3 p, const nav::NavMesh &mesh) const;

private:
    struct Baked {
        std::shared_ptr<const nav::NavMesh> mesh;
        std::string why;
        nav::BakeStats stats;
    };
    const Baked &baked(const std::string &agent) const;

    Level m_level; // its agents and obstacles
    std::shared_ptr<const core::GroundSet> m_ground;
    std::shared_ptr<const nav::WalkableInput> m_input;
    ReadBudget m_budget;
    std::int64_t m_maxCells;
    nav::TileCache *m_cache;
    std::uint64_t m_serial;
    bool m_walkable = false;
    bool m_prebaked = false; // answers only what it was given
    mutable std::mutex m_mutex;
    mutable std::map<std::string, Baked> m_baked;
};

// A level's ground read with its sources kept, and the navigation over it: what a CLI command that
// routes, checks or exports patrols opens.
struct LevelNavigationRead {
    std::vector<UnreadReference> unread; // reference files that gave nothing, and why
    bool refusedAny = false;             // one of them broke a rule of the project
    std::shared_ptr<const core::GroundSet> ground;
    std::unique_ptr<LevelNavigation> navigation;
};
// With `keepSources` false the ground is read as usual and the navigation has no walkable ground.
LevelNavigationRead readLevelNavigation(const Level &level, const ProjectFiles &files, const ReadBudget &budget,
                                        bool keepSources = true);

} // namespace railforge::document
