// One run of the editor's navmesh bake, off the UI thread: every agent of the level, from the ground's
// sources and the obstacles as they were when it started. An agent whose sizes, and a ground whose
// sources, are those of its mesh already keeps that mesh and has only the tiles of the obstacles that
// moved baked again, in place; any other agent is baked anew, each tile from the tile cache when its
// inputs were baked before (in this session, or in an earlier one: the cache is kept on disk per level
// and agent).
#pragma once

#include "document/ground/level_ground.h"
#include "document/model/level.h"

#include "navmesh/nav_mesh.h"
#include "navmesh/navmesh_bake.h"
#include "navmesh/walkable_input.h"

#include <QString>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace railforge::app {

// One agent's mesh as the editor holds it.
struct AgentNavMesh {
    document::Agent agent;              // the sizes it was baked for
    std::shared_ptr<nav::NavMesh> mesh; // null when it could not be baked
    std::string why;                    // then why
    nav::BakeStats stats;               // of the last run that touched it
};

// What a run starts from (taken on the UI thread).
struct NavMeshBakeInput {
    document::Level level; // its agents and obstacles
    std::shared_ptr<const document::GroundSources> sources;
    // The last run's: its input (reused while the sources are the same), obstacles and meshes.
    std::shared_ptr<const nav::WalkableInput> input;
    std::shared_ptr<const document::GroundSources> inputSources;
    std::vector<document::Obstacle> obstacles;
    std::map<std::string, AgentNavMesh> meshes;
    std::shared_ptr<nav::TileCache> cache;
    QString cacheFolder;                // "" : no cache on disk
    QString levelPath;                  // names the files of the disk cache
    std::set<QString> loadedCacheFiles; // read in this session already
    std::int64_t maxCells = 0;
    std::shared_ptr<const std::atomic_bool> cancelled;
    std::function<void(const std::string &agent, int done, int total)> progress;
};

struct NavMeshBakeResult {
    std::map<std::string, AgentNavMesh> meshes;
    std::shared_ptr<const nav::WalkableInput> input;
    std::shared_ptr<const document::GroundSources> inputSources;
    std::vector<document::Obstacle> obstacles;
    std::set<QString> loadedCacheFiles;
    int baked = 0;        // tiles Recast baked in this run
    int cached = 0;       // tiles taken from the cache
    bool fresh = false;   // some mesh was made anew (not only tiles replaced)
    bool stopped = false; // cancelled part way: the obstacles it was given are not all baked in
};

NavMeshBakeResult bakeLevelNavMeshes(NavMeshBakeInput in);

} // namespace railforge::app
