#include "document/navigation/level_navigation.h"

#include "document/strategy/level_obstacle_context.h"

#include "navmesh/nav_query.h"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace railforge::document {
namespace {

std::uint64_t nextSerial()
{
    static std::atomic<std::uint64_t> serial{0};
    return ++serial;
}

} // namespace

nav::AgentSize agentSize(const Agent &agent) { return {agent.radius, agent.height, agent.climb, agent.slope}; }

nav::BakeSettings bakeSettingsOf(const Agent &agent) { return nav::bakeSettingsFor(agentSize(agent), agent.cell); }

std::vector<nav::Solid> obstacleSolids(const Level &level)
{
    std::vector<nav::Solid> out;
    for (const Obstacle &o : level.obstacles) {
        nav::Solid s;
        if (o.shape == Obstacle::Shape::Circle)
            s.circle = core::CircleObstacle{{o.circle.center.x, o.circle.center.y}, o.circle.radius};
        else
            for (const Point2 &p : o.polygon) s.outline.push_back({p.x, p.y});
        if (s.circle || s.outline.size() >= 3) out.push_back(std::move(s));
    }
    return out;
}

std::shared_ptr<const nav::WalkableInput> walkableInput(const GroundSources &sources)
{
    if (sources.meshes.empty() && sources.grids.empty()) return nullptr;
    auto input = std::make_shared<nav::WalkableInput>();
    for (const auto &mesh : sources.meshes) input->addMesh(mesh);
    for (const auto &grid : sources.grids) input->addGrid(grid);
    input->index();
    return input;
}

std::string overCellLimitMessage(const Agent &agent, std::int64_t needed, std::int64_t limit)
{
    const nav::BakeSettings s = bakeSettingsOf(agent);
    return "agent '" + agent.id + "': its navmesh would take " + std::to_string(needed) + " cells of " +
           std::to_string(s.cell) + " across, more than the limit of " + std::to_string(limit) + " " +
           raisedBy("--max-navmesh-cells") + "; a larger 'navmesh: {cell: ...}' takes fewer";
}

LevelNavigation::LevelNavigation(const Level &level, std::shared_ptr<const core::GroundSet> ground,
                                 std::shared_ptr<const nav::WalkableInput> input, ReadBudget budget,
                                 std::int64_t maxCells, nav::TileCache *cache)
    : m_ground(ground ? std::move(ground) : std::make_shared<const core::GroundSet>()), m_input(std::move(input)),
      m_budget(std::move(budget)), m_maxCells(maxCells), m_cache(cache), m_serial(nextSerial())
{
    m_level.agents = level.agents;
    m_level.obstacles = level.obstacles;
    m_walkable = m_input != nullptr && !m_input->empty();
}

LevelNavigation::LevelNavigation(const Level &level, std::shared_ptr<const core::GroundSet> ground, bool walkableGround,
                                 std::map<std::string, std::shared_ptr<const nav::NavMesh>> baked,
                                 const std::map<std::string, std::string> &why)
    : m_ground(ground ? std::move(ground) : std::make_shared<const core::GroundSet>()), m_maxCells(0), m_cache(nullptr),
      m_serial(nextSerial()), m_walkable(walkableGround), m_prebaked(true)
{
    m_level.agents = level.agents;
    m_level.obstacles = level.obstacles;
    for (auto &[agent, mesh] : baked) m_baked[agent].mesh = std::move(mesh);
    for (const auto &[agent, text] : why) m_baked[agent].why = text;
}

const LevelNavigation::Baked &LevelNavigation::baked(const std::string &agent) const
{
    const std::lock_guard lock(m_mutex);
    if (const auto found = m_baked.find(agent); found != m_baked.end()) return found->second;
    Baked &b = m_baked[agent];
    const auto a =
        std::find_if(m_level.agents.begin(), m_level.agents.end(), [&](const Agent &x) { return x.id == agent; });
    if (a == m_level.agents.end()) {
        b.why = "no agent '" + agent + "'";
        return b;
    }
    if (!hasWalkableGround()) {
        b.why = "the level has no walkable ground (no mesh or heightmap reference with ground: true was read)";
        return b;
    }
    if (m_prebaked) {
        b.why = "agent '" + agent + "': its navmesh is not baked yet";
        return b;
    }
    nav::BakeLimits limits;
    limits.maxCells = m_maxCells;
    limits.stop = [this] { return m_budget.exhausted(); };
    nav::BakeResult result =
        nav::bakeNavMesh(*m_input, obstacleSolids(m_level), agentSize(*a), bakeSettingsOf(*a), m_cache, limits);
    b.stats = result.stats;
    if (result.mesh) {
        b.mesh = std::move(result.mesh);
    } else if (result.stopped) {
        b.why = "agent '" + agent + "': its navmesh was not baked: the read " + m_budget.reason() + " " +
                raisedBy("--read-timeout");
    } else if (result.cellsNeeded > m_maxCells) {
        b.why = overCellLimitMessage(*a, result.cellsNeeded, m_maxCells);
    } else {
        b.why = "agent '" + agent + "': its navmesh could not be baked: " + result.error;
    }
    return b;
}

std::shared_ptr<const nav::NavMesh> LevelNavigation::mesh(const std::string &agent, std::string *why) const
{
    const Baked &b = baked(agent);
    if (!b.mesh && why) *why = b.why;
    return b.mesh;
}

bool LevelNavigation::pending(const std::string &agent) const
{
    const std::lock_guard lock(m_mutex);
    return m_prebaked && m_walkable && !m_baked.count(agent);
}

nav::BakeStats LevelNavigation::stats(const std::string &agent) const { return baked(agent).stats; }

Vec3 LevelNavigation::onGround(Vec3 p, const nav::NavMesh &mesh) const
{
    const auto z = m_ground->nearestSurface(p.x, p.y, p.z);
    // The mesh's heights are within a height step or two of the surface it was baked from.
    const double near = std::max(mesh.agent().climb, 4 * mesh.settings().cellHeight);
    if (z && std::fabs(*z - p.z) <= near) p.z = *z;
    return p;
}

std::optional<WalkFinder::Walk> LevelNavigation::walk(const std::string &agent, Vec3 from, Vec3 to) const
{
    const auto navmesh = mesh(agent);
    if (!navmesh) return std::nullopt;
    Walk out;
    nav::NavQuery query(navmesh);
    // Steps of two cells: fine enough that a stair's treads and a ramp's slope are each walked on.
    const nav::NavQuery::Way way = query.way(from, to, 2 * navmesh->settings().cell);
    if (!way.found) {
        out.error = query.under(from) ? "no walkable way" : "the stop it starts from is not on the navmesh";
        return out;
    }
    if (!way.reached) {
        const Vec3 end = way.points.empty() ? from : way.points.back();
        out.error = "the walkable ground it can reach ends " +
                    std::to_string(int(std::round(core::distance(end, to)))) + " units short of it";
        return out;
    }
    out.points.reserve(way.points.size());
    for (const Vec3 &p : way.points) out.points.push_back(onGround(p, *navmesh));
    return out;
}

std::shared_ptr<const LevelObstacleContext> LevelNavigation::walledContext(const Level &level, const Patrol &patrol,
                                                                           const std::vector<Vec3> &path) const
{
    const auto navmesh = mesh(patrol.agent);
    if (!navmesh || path.empty()) return nullptr;
    const nav::AgentSize &agent = navmesh->agent();
    core::PlanBox box{path.front().x, path.front().y, path.front().x, path.front().y};
    double low = path.front().z, high = low;
    for (const Vec3 &p : path) {
        box = {std::min(box.x0, p.x), std::min(box.y0, p.y), std::max(box.x1, p.x), std::max(box.y1, p.y)};
        low = std::min(low, p.z);
        high = std::max(high, p.z);
    }
    box = nav::grown(box, 4 * agent.radius + navmesh->settings().cell);
    // Each edge where the walkable ground ends, pushed out by the radius (the ground is on its left).
    std::vector<std::vector<core::Point2d>> walls;
    for (const auto &[a, b] : navmesh->boundary(nav::tilesReaching(box, agent, navmesh->settings()))) {
        if (std::max(a.z, b.z) < low - agent.height || std::min(a.z, b.z) > high + agent.height) continue;
        const double dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
        if (!(length > 0)) continue;
        const Vec3 out{dy / length * agent.radius, -dx / length * agent.radius, 0};
        const Vec3 pa = a + out, pb = b + out;
        if (!nav::boxesMeet({std::min(pa.x, pb.x), std::min(pa.y, pb.y), std::max(pa.x, pb.x), std::max(pa.y, pb.y)},
                            box))
            continue;
        walls.push_back({{pa.x, pa.y}, {pb.x, pb.y}});
    }
    return std::make_shared<const LevelObstacleContext>(level, std::move(walls));
}

LevelNavigationRead readLevelNavigation(const Level &level, const ProjectFiles &files, const ReadBudget &budget,
                                        bool keepSources)
{
    LevelNavigationRead out;
    LevelGround ground = loadLevelGround(level, files, budget, std::nullopt, keepSources);
    out.unread = std::move(ground.unread);
    out.refusedAny =
        std::any_of(out.unread.begin(), out.unread.end(), [](const UnreadReference &u) { return u.problem.refused; });
    auto input = walkableInput(ground.raw);
    out.ground = std::make_shared<const core::GroundSet>(std::move(ground.ground));
    out.navigation =
        std::make_unique<LevelNavigation>(level, out.ground, std::move(input), budget, files.rules().maxNavmeshCells);
    return out;
}

} // namespace railforge::document
