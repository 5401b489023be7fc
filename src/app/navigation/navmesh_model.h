// The agents' navigation meshes in the editor (docs/ui.md "Patrols on the level"): baked off the UI
// thread (one latest-wins job, navmesh_bake_job.h) whenever the ground is read again, an agent is
// added or resized, or an obstacle moves (then only the tiles it reaches); with progress and Cancel in
// the status bar. The plan and the 3D view draw the shown agent's mesh: the chosen one, else the
// selected patrol's agent, else the level's first. The routes and the Problems panel read every agent's
// mesh through navigation(); new waypoints land on the shown mesh while it is shown.
#pragma once

#include "app/ground/ground_model.h"
#include "app/jobs/latest_wins.h"
#include "app/navigation/navmesh_bake_job.h"
#include "app/selection/selection.h"
#include "document/editing/level_document.h"
#include "document/navigation/level_navigation.h"

#include <QObject>
#include <QStringList>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

#include <atomic>
#include <memory>

namespace railforge::app {

class NavMeshModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("the editor's navigation meshes belong to its EditorController")
    // The views draw the shown agent's navmesh (View > Navigation Mesh).
    Q_PROPERTY(bool shown READ shown WRITE setShown NOTIFY shownChanged)
    // The agent chosen to be shown ("": the selected patrol's agent, else the level's first).
    Q_PROPERTY(QString chosenAgent READ chosenAgent WRITE setChosenAgent NOTIFY shownChanged)
    // Whose navmesh is shown now ("" when the level has no agent).
    Q_PROPERTY(QString agent READ agent NOTIFY shownChanged)
    Q_PROPERTY(QStringList agents READ agents NOTIFY agentsChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    // What is being baked, for the status bar ("Baking the navmesh of 'guard': 120 of 400 tiles").
    Q_PROPERTY(QString progress READ progress NOTIFY progressChanged)
    // Why the shown agent has no navmesh ("" when it has one).
    Q_PROPERTY(QString problem READ problem NOTIFY meshChanged)
    Q_PROPERTY(int polygons READ polygons NOTIFY meshChanged)
    // Tiles Recast baked, and tiles taken from the cache, in the last run (tests).
    Q_PROPERTY(int lastBaked READ lastBaked NOTIFY meshChanged)
    Q_PROPERTY(int lastCached READ lastCached NOTIFY meshChanged)
public:
    NavMeshModel(document::LevelDocument &document, Selection &selection, GroundModel &ground,
                 QObject *parent = nullptr);
    ~NavMeshModel() override;

    bool shown() const { return m_shown; }
    void setShown(bool shown);
    QString chosenAgent() const { return m_chosen; }
    void setChosenAgent(const QString &agent);
    QString agent() const { return QString::fromStdString(shownAgent()); }
    QStringList agents() const;
    bool busy() const { return m_job.running(); }
    QString progress() const { return m_progress; }
    QString problem() const;
    int polygons() const;
    int lastBaked() const { return m_lastBaked; }
    int lastCached() const { return m_lastCached; }

    // The shown agent's mesh (null when none is baked), and a counter that moves when any mesh changes.
    std::shared_ptr<const nav::NavMesh> shownMesh() const;
    std::uint64_t revision() const { return m_revision; }
    // Every agent's mesh as the routes and checks read it (never null).
    std::shared_ptr<const document::LevelNavigation> navigation() const { return m_navigation; }
    // Where a new waypoint placed at `p` lands: the nearest walkable point of the shown mesh while it is
    // shown (within a few of the agent's radii), else `p`.
    core::Vec3 landing(core::Vec3 p) const;

    // The nearest walkable point of the shown agent's mesh to (x, y, z), as {x, y, z}; undefined when
    // there is none near.
    Q_INVOKABLE QVariant walkablePoint(double x, double y, double z) const;
    // Whether (x, y, z) stands on the shown agent's mesh (tests).
    Q_INVOKABLE bool walkableAt(double x, double y, double z) const;
    // Puts the selected waypoints on the nearest walkable point of the shown mesh: one undo step; false
    // (with the reason in the status bar) when there is no mesh or no waypoint is selected.
    Q_INVOKABLE QString putOnWalkableGround();
    // Stops the bake in progress (its meshes stay as they were).
    Q_INVOKABLE void cancel();
    // Waits for the ground and the bake (tests).
    Q_INVOKABLE void waitForBake();

signals:
    void shownChanged();
    void agentsChanged();
    void busyChanged();
    void progressChanged();
    // A mesh was baked, re-baked in part or dropped; navigation() is new.
    void meshChanged();

private:
    std::string shownAgent() const;
    std::optional<QFuture<NavMeshBakeResult>> launch();
    void take(NavMeshBakeResult result);
    void setProgress(const QString &text);
    void publishNavigation();

    document::LevelDocument &m_document;
    Selection &m_selection;
    GroundModel &m_ground;
    bool m_shown = false;
    QString m_chosen;
    std::map<std::string, AgentNavMesh> m_meshes;
    std::shared_ptr<const nav::WalkableInput> m_input;
    std::shared_ptr<const document::GroundSources> m_inputSources;
    std::vector<document::Obstacle> m_bakedObstacles;
    std::shared_ptr<nav::TileCache> m_cache = std::make_shared<nav::TileCache>();
    std::set<QString> m_loadedCacheFiles;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::shared_ptr<const document::LevelNavigation> m_navigation;
    QString m_progress;
    QString m_cacheFolder;
    int m_lastBaked = 0;
    int m_lastCached = 0;
    std::uint64_t m_revision = 0;
    LatestWins<NavMeshBakeResult> m_job{this, [this] { return launch(); },
                                        [this](QFutureWatcher<NavMeshBakeResult> &done) { take(done.result()); },
                                        [this] { emit busyChanged(); }};
};

} // namespace railforge::app
