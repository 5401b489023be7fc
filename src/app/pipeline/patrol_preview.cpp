#include "app/pipeline/patrol_preview.h"

#include "document/strategy/level_obstacle_context.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentMap>

namespace railforge::app {

namespace {

// What every patrol of one computation shares: the level as it was, and its obstacle index.
struct Snapshot {
    Snapshot(document::Level l, std::shared_ptr<const document::LevelNavigation> n)
        : level(std::move(l)), context(level), navigation(std::move(n))
    {}
    document::Level level;
    document::LevelObstacleContext context;
    std::shared_ptr<const document::LevelNavigation> navigation; // may be null
};

} // namespace

PatrolPreview::PatrolPreview(document::LevelDocument *document, const document::StrategyRegistry *registry,
                             QObject *parent)
    : QObject(parent), m_document(document), m_registry(registry)
{
    connect(&m_job.watcher(), &QFutureWatcherBase::resultReadyAt, this, &PatrolPreview::resultReady);
    connect(document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        // Routes depend on waypoints, edges, obstacles and patrols (never on rails, references or a
        // colour), and on their shape and data.
        using K = document::ObjectKind;
        if (change.touches({K::Waypoint, K::Edge, K::Obstacle, K::Patrol}, document::kShapePart | document::kDataPart))
            schedule();
    });
    schedule();
}

PatrolPreview::~PatrolPreview()
{
    m_job.watcher().cancel();
    m_registry->cancelRunningSteps(); // then m_job waits for the run to end
}

void PatrolPreview::schedule()
{
    // One computation at a time; a change during it asks for one more run with the newest level.
    m_job.request();
}

std::optional<QFuture<PatrolPreview::Routed>> PatrolPreview::start()
{
    if (!m_document) return std::nullopt;
    auto snapshot = std::make_shared<const Snapshot>(m_document->level(), m_navigation);
    m_computing.clear();
    std::vector<int> indices;
    for (const auto &patrol : snapshot->level.patrols) {
        indices.push_back(int(m_computing.size()));
        m_computing.push_back(patrol.id);
    }
    const document::StrategyRegistry *registry = m_registry;
    auto previous = std::make_shared<const std::unordered_map<std::string, Inputs>>(m_inputs);
    return QtConcurrent::mapped(std::move(indices), [snapshot, previous, registry](int index) {
        const auto &patrol = snapshot->level.patrols[std::size_t(index)];
        Routed routed;
        routed.id = patrol.id;
        const document::WalkFinder *walker = snapshot->navigation.get();
        // A patrol with an agent is walked (follow: navmesh) or smoothed (its walls) on the agent's mesh.
        const bool walks = !patrol.agent.empty() && walker;
        routed.inputs = {patrol, document::rawPatrolRoute(snapshot->level, patrol, walker).raw,
                         snapshot->context.shapesKey(), walks ? snapshot->navigation->serial() : 0};
        if (auto before = previous->find(patrol.id); before != previous->end() && before->second == routed.inputs) {
            routed.unchanged = true;
            return routed;
        }
        routed.route = document::routePatrol(snapshot->level, patrol, *registry, snapshot->context, walker);
        return routed;
    });
}

void PatrolPreview::resultReady(int index)
{
    Routed routed = m_job.watcher().resultAt(index);
    if (routed.unchanged) return; // its route on screen is still right (inputs are kept only beside a route)
    document::PatrolRoute &fresh = routed.route;
    // A strategy that fails at run time (crash, time-out, bad output) keeps the patrol's last good
    // path on screen, marked with the error, so one bad plugin does not blank the designer's view.
    if (fresh.strategyFailed) {
        if (auto old = m_routes.find(routed.id);
            old != m_routes.end() && (old->second.ok() || old->second.showsLastGood)) {
            fresh.raw = old->second.raw;
            fresh.smoothed = old->second.smoothed;
            fresh.loops = old->second.loops;
            fresh.showsLastGood = true;
        }
    }
    m_routes[routed.id] = std::move(fresh);
    m_inputs[routed.id] = std::move(routed.inputs);
    emit routesChanged();
}

void PatrolPreview::finished()
{
    // Patrols that no longer exist lose their routes.
    for (auto it = m_routes.begin(); it != m_routes.end();) {
        if (std::find(m_computing.begin(), m_computing.end(), it->first) == m_computing.end()) {
            m_inputs.erase(it->first);
            it = m_routes.erase(it);
        } else {
            ++it;
        }
    }
    emit routesChanged();
}

const document::PatrolRoute *PatrolPreview::route(const std::string &patrolId) const
{
    const auto it = m_routes.find(patrolId);
    return it == m_routes.end() ? nullptr : &it->second;
}

void PatrolPreview::recomputeAll()
{
    m_inputs.clear();
    m_job.request();
}

void PatrolPreview::setNavigation(std::shared_ptr<const document::LevelNavigation> navigation)
{
    m_navigation = std::move(navigation);
    m_job.request();
}

void PatrolPreview::waitForFinished() { m_job.wait(); }

} // namespace railforge::app
