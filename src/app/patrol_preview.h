// Patrol paths for the canvas: A* + smoothing for every patrol, computed off the UI thread whenever
// the level changes, so editing never waits for a big pipeline.
#pragma once

#include "document/level_document.h"
#include "document/patrol_route.h"
#include "document/strategy_registry.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>

#include <memory>
#include <string>
#include <unordered_map>

namespace railforge::app {

// Routes by patrol id: a route follows its patrol when other patrols are added, removed or reordered.
using PatrolRoutes = std::unordered_map<std::string, document::PatrolRoute>;

class PatrolPreview : public QObject {
    Q_OBJECT
public:
    PatrolPreview(document::LevelDocument *document, const document::StrategyRegistry *registry, QObject *parent = nullptr);
    ~PatrolPreview() override;

    // The routes of the level as of the last finished computation, by patrol id.
    const PatrolRoutes &routes() const { return m_routes; }
    // The route of one patrol, or null (not computed yet, or no such patrol).
    const document::PatrolRoute *route(const std::string &patrolId) const;
    // True while a newer computation is running.
    bool busy() const { return m_running; }
    // Blocks until the current computation is done (tests, export).
    void waitForFinished();

signals:
    void routesChanged();

private:
    void schedule();
    void start();
    void finished();

    QPointer<document::LevelDocument> m_document;
    const document::StrategyRegistry *m_registry;
    PatrolRoutes m_routes;
    QFutureWatcher<PatrolRoutes> m_watcher;
    bool m_running = false;
    bool m_pending = false;
};

} // namespace railforge::app
