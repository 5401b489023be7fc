// The level's ground in the editor: its mesh and heightmap references read from the project's files
// (under ReferenceAccess's rules), off the UI thread, whenever the references, the level's folder or
// the rules change (editing rails and waypoints never reloads it). The same read checks every other
// reference file, so the outliner can say which ones are refused or missing. A read can be
// cancelled; the window never waits for one. Views ask it for heights; the plan draws its relief.
#pragma once

#include "app/ground/reference_access.h"
#include "app/jobs/latest_wins.h"
#include "core/ground.h"
#include "document/editing/level_document.h"
#include "document/ground/level_ground.h"
#include "document/ground/reference_files.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

#include <atomic>
#include <map>
#include <memory>

namespace railforge::app {

class GroundModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("the editor's ground belongs to its EditorController")
    // Some ground answers (a mesh or heightmap reference with ground: true was read).
    Q_PROPERTY(bool hasGround READ hasGround NOTIFY groundChanged)
    // Reference files refused or unreadable, one sentence each ("reference 'terrain': ...").
    Q_PROPERTY(QStringList warnings READ warnings NOTIFY groundChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    // What is being read, for the status bar ("Reading reference 'terrain' (1 of 2)").
    Q_PROPERTY(QString progress READ progress NOTIFY progressChanged)
public:
    GroundModel(document::LevelDocument &document, ReferenceAccess &access, QObject *parent = nullptr);
    ~GroundModel() override;

    bool hasGround() const { return m_ground && !m_ground->empty(); }
    QStringList warnings() const;
    bool busy() const { return m_job.running(); }
    // Whether an image reference naming `file` waits for the read under way: it takes that file as a
    // heightmap, and the views then fit the picture from its heights rather than decode it again.
    bool readsAsHeights(const std::string &file) const;
    QString progress() const { return m_progress; }
    const ReferenceAccess &access() const { return m_access; }
    // The ground as last read (never null; empty without ground references).
    std::shared_ptr<const core::GroundSet> ground() const { return m_ground; }
    // Its references' triangles (walls and all) and heightmaps as read, for the agents' navigation
    // meshes (never null).
    std::shared_ptr<const document::GroundSources> sources() const { return m_sources; }
    // Why reference `id` gave nothing as last read (empty when it was read or is not known yet), and
    // whether a rule refused it.
    QString problemOf(const std::string &id) const;
    // Every reference that gave nothing as last read, and why (for the Problems panel).
    std::vector<document::UnreadReference> unread() const;
    bool refused(const std::string &id) const;
    // The highest ground at (x, y); undefined where none covers it.
    Q_INVOKABLE QVariant heightAt(double x, double y) const;
    // Every surface at (x, y), highest first (a deck, the road under it); empty where none.
    Q_INVOKABLE QVariantList surfacesAt(double x, double y) const;
    // Stops the read in progress; what it had not read is reported as cancelled.
    Q_INVOKABLE void cancel();
    // Waits for a running read (tests).
    Q_INVOKABLE void waitForGround();

signals:
    void groundChanged();
    void busyChanged();
    void progressChanged();

private:
    struct Loaded {
        std::shared_ptr<const core::GroundSet> ground;
        std::shared_ptr<const document::GroundSources> sources;
        std::map<std::string, document::ReferenceProblem> problems;
    };
    // Reads the references again (the newest of them when a read is running).
    void reload();
    // Takes the references now and reads them off the UI thread.
    QFuture<Loaded> readReferences();
    void setProgress(const QString &text);

    document::LevelDocument &m_document;
    ReferenceAccess &m_access;
    QString m_folder; // the level's folder when last asked to read
    std::shared_ptr<const core::GroundSet> m_ground = std::make_shared<core::GroundSet>();
    std::shared_ptr<const document::GroundSources> m_sources = std::make_shared<document::GroundSources>();
    std::map<std::string, document::ReferenceProblem> m_problems;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QString m_progress;
    LatestWins<Loaded> m_job{this, [this] { return std::optional(readReferences()); },
                             [this](QFutureWatcher<Loaded> &done) {
                                 Loaded loaded = done.result();
                                 m_ground = std::move(loaded.ground);
                                 m_sources = std::move(loaded.sources);
                                 m_problems = std::move(loaded.problems);
                                 setProgress({});
                                 emit groundChanged();
                             },
                             [this] { emit busyChanged(); }};
};

} // namespace railforge::app
