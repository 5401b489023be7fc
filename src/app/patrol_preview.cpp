#include "app/patrol_preview.h"

#include "document/level_obstacles.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace railforge::app {

PatrolPreview::PatrolPreview(document::LevelDocument *document, const document::StrategyRegistry *registry, QObject *parent)
    : QObject(parent), m_document(document), m_registry(registry)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &PatrolPreview::finished);
    connect(document, &document::LevelDocument::levelChanged, this, &PatrolPreview::schedule);
    schedule();
}

PatrolPreview::~PatrolPreview() { m_watcher.waitForFinished(); }

void PatrolPreview::schedule()
{
    // Routes depend on waypoints, edges, obstacles and patrols, never on rails.
    if (m_document && m_document->lastChange().onlyKind(document::ObjectKind::Rail)) return;
    // One computation at a time; a change during it asks for one more run with the newest level.
    if (m_running) {
        m_pending = true;
        return;
    }
    start();
}

void PatrolPreview::start()
{
    if (!m_document) return;
    m_running = true;
    m_pending = false;
    document::Level level = m_document->level();
    const document::StrategyRegistry *registry = m_registry;
    m_watcher.setFuture(QtConcurrent::run([level = std::move(level), registry] {
        PatrolRoutes routes;
        const document::LevelObstacleContext context(level);
        for (const auto &patrol : level.patrols) routes.emplace(patrol.id, document::routePatrol(level, patrol, *registry, context));
        return routes;
    }));
}

void PatrolPreview::finished()
{
    m_running = false;
    m_routes = m_watcher.result();
    emit routesChanged();
    if (m_pending) start();
}

const document::PatrolRoute *PatrolPreview::route(const std::string &patrolId) const
{
    const auto it = m_routes.find(patrolId);
    return it == m_routes.end() ? nullptr : &it->second;
}

void PatrolPreview::waitForFinished()
{
    // The watcher reports through the event loop; let it deliver until nothing is left to compute.
    while (m_running) {
        m_watcher.waitForFinished();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    }
}

} // namespace railforge::app
