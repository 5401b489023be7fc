#include "app/navigation/navmesh_bake_job.h"

#include "document/navigation/level_navigation.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace railforge::app {
namespace {

core::PlanBox boxOf(const document::Obstacle &o)
{
    if (o.shape == document::Obstacle::Shape::Circle)
        return {o.circle.center.x - o.circle.radius, o.circle.center.y - o.circle.radius,
                o.circle.center.x + o.circle.radius, o.circle.center.y + o.circle.radius};
    core::PlanBox box;
    for (const document::Point2 &p : o.polygon) {
        if (box.empty()) box = {p.x, p.y, p.x, p.y};
        box = {std::min(box.x0, p.x), std::min(box.y0, p.y), std::max(box.x1, p.x), std::max(box.y1, p.y)};
    }
    return box;
}

// Where obstacles were and are, of every one added, removed or changed between the two lists.
std::vector<core::PlanBox> movedObstacles(const std::vector<document::Obstacle> &before,
                                          const std::vector<document::Obstacle> &after)
{
    std::map<std::string, const document::Obstacle *> was;
    for (const auto &o : before) was.emplace(o.id, &o);
    std::vector<core::PlanBox> out;
    for (const auto &o : after) {
        const auto old = was.find(o.id);
        if (old != was.end() && *old->second == o) {
            was.erase(old);
            continue;
        }
        out.push_back(boxOf(o));
        if (old != was.end()) {
            out.push_back(boxOf(*old->second));
            was.erase(old);
        }
    }
    for (const auto &[id, o] : was) out.push_back(boxOf(*o));
    std::erase_if(out, [](const core::PlanBox &b) { return b.empty(); });
    return out;
}

bool sameSizes(const document::Agent &a, const document::Agent &b)
{
    return a.radius == b.radius && a.height == b.height && a.climb == b.climb && a.slope == b.slope && a.cell == b.cell;
}

// The disk cache's file of one agent of one level ("" without a cache folder or a saved level).
QString cacheFile(const NavMeshBakeInput &in, const std::string &agent)
{
    if (in.cacheFolder.isEmpty() || in.levelPath.isEmpty()) return {};
    const QByteArray key = (in.levelPath + QLatin1Char('\n') + QString::fromStdString(agent)).toUtf8();
    const QString name = QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha1).toHex().left(24));
    return QDir(in.cacheFolder).filePath(name + QStringLiteral(".tiles"));
}

} // namespace

NavMeshBakeResult bakeLevelNavMeshes(NavMeshBakeInput in)
{
    NavMeshBakeResult out;
    out.loadedCacheFiles = in.loadedCacheFiles;
    out.obstacles = in.level.obstacles;
    const bool sameSources = in.input && in.inputSources == in.sources;
    out.input = sameSources ? in.input : (in.sources ? document::walkableInput(*in.sources) : nullptr);
    out.inputSources = in.sources;
    const std::vector<nav::Solid> solids = document::obstacleSolids(in.level);
    const std::vector<core::PlanBox> moved = movedObstacles(in.obstacles, in.level.obstacles);
    for (const document::Agent &agent : in.level.agents) {
        AgentNavMesh entry;
        entry.agent = agent;
        if (!out.input) {
            entry.why = "the level has no walkable ground (a mesh or heightmap reference with ground: true)";
            out.meshes[agent.id] = std::move(entry);
            continue;
        }
        nav::BakeLimits limits;
        limits.maxCells = in.maxCells;
        limits.stop = [cancelled = in.cancelled] { return cancelled && cancelled->load(); };
        if (in.progress) limits.progress = [&](int done, int total) { in.progress(agent.id, done, total); };
        const auto previous = in.meshes.find(agent.id);
        if (sameSources && previous != in.meshes.end() && previous->second.mesh &&
            sameSizes(previous->second.agent, agent)) {
            entry.mesh = previous->second.mesh;
            entry.stats = previous->second.stats;
            entry.stats.baked = entry.stats.cached = 0; // nothing baked this time
            if (!moved.empty()) {
                std::string error;
                entry.stats = nav::rebakeTiles(*entry.mesh, *out.input, solids, moved, in.cache.get(), limits, &error);
                if (!error.empty()) entry.why = "agent '" + agent.id + "': " + error;
            }
        } else {
            const QString file = cacheFile(in, agent.id);
            if (!file.isEmpty() && !out.loadedCacheFiles.count(file) && QFileInfo::exists(file)) {
                in.cache->load(file.toStdString());
                out.loadedCacheFiles.insert(file);
            }
            nav::BakeResult baked = nav::bakeNavMesh(*out.input, solids, document::agentSize(agent),
                                                     document::bakeSettingsOf(agent), in.cache.get(), limits);
            entry.stats = baked.stats;
            if (baked.mesh) {
                entry.mesh = std::move(baked.mesh);
                out.fresh = true;
                if (!file.isEmpty() && QDir().mkpath(in.cacheFolder)) {
                    in.cache->save(file.toStdString(), &entry.stats.fingerprints);
                    out.loadedCacheFiles.insert(file);
                }
            } else if (baked.stopped) {
                entry.why = "agent '" + agent.id + "': the bake was cancelled";
            } else if (baked.cellsNeeded > in.maxCells) {
                entry.why = document::overCellLimitMessage(agent, baked.cellsNeeded, in.maxCells);
            } else {
                entry.why = "agent '" + agent.id + "': its navmesh could not be baked: " + baked.error;
            }
        }
        out.baked += entry.stats.baked;
        out.cached += entry.stats.cached;
        out.meshes[agent.id] = std::move(entry);
    }
    out.stopped = in.cancelled && in.cancelled->load();
    return out;
}

} // namespace railforge::app
