// Patrol paths for the canvas: A* + smoothing for every patrol, computed off the UI thread whenever
// the level changes, so editing never waits for a big pipeline. Patrols are routed in parallel and
// each one's path is shown as soon as it is ready, so a strategy that hangs (until its time limit)
// holds up only its own patrol. A patrol whose inputs (its definition, its A* path, the obstacles)
// did not change is not smoothed again, so a hung strategy is re-run only when its own patrol changes.
// While a patrol's pipeline fails at run time, its last good path stays on screen.
#pragma once

#include "app/jobs/latest_wins.h"
#include "document/editing/level_document.h"
#include "document/navigation/level_navigation.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/strategy_registry.h"

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
    PatrolPreview(document::LevelDocument *document, const document::StrategyRegistry *registry,
                  QObject *parent = nullptr);
    // Ends running strategy calls at once (a hung strategy must not delay quitting), then waits.
    ~PatrolPreview() override;

    // The routes of the level as of the last finished computations, by patrol id.
    const PatrolRoutes &routes() const { return m_routes; }
    // The route of one patrol, or null (not computed yet, or no such patrol).
    const document::PatrolRoute *route(const std::string &patrolId) const;
    // True while a newer computation is running.
    bool busy() const { return m_job.running(); }
    // Blocks until the current computation is done (tests, export).
    void waitForFinished();
    // Smooths every patrol again on the next computation, changed or not (the time limit changed).
    void recomputeAll();
    // The agents' navigation meshes that patrols following the navmesh walk (the editor's, baked off
    // the UI thread): routes that walk them are found again.
    void setNavigation(std::shared_ptr<const document::LevelNavigation> navigation);

signals:
    void routesChanged();

private:
    // What a patrol's smoothed path depends on.
    struct Inputs {
        document::Patrol patrol;
        std::vector<Vec3> raw;
        std::uint64_t obstacles = 0;
        std::uint64_t navigation = 0; // LevelNavigation::serial, for a patrol that walks the navmesh
        friend bool operator==(const Inputs &, const Inputs &) = default;
    };
    // One patrol's outcome; `unchanged` when its inputs were those of its route on screen.
    struct Routed {
        std::string id;
        Inputs inputs;
        bool unchanged = false;
        document::PatrolRoute route;
    };
    void schedule();
    // Takes the level now and routes every patrol off the UI thread (nothing without a document).
    std::optional<QFuture<Routed>> start();
    void resultReady(int index);
    void finished();

    QPointer<document::LevelDocument> m_document;
    const document::StrategyRegistry *m_registry;
    std::shared_ptr<const document::LevelNavigation> m_navigation;
    PatrolRoutes m_routes;
    std::unordered_map<std::string, Inputs> m_inputs; // of each route in m_routes
    std::vector<std::string> m_computing;             // ids of the patrols of the running computation
    LatestWins<Routed> m_job{this, [this] { return start(); }, [this](QFutureWatcher<Routed> &) { finished(); }};
};

} // namespace railforge::app
