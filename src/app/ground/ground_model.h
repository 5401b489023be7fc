// The level's ground in the editor: its mesh and heightmap references read from the files next to
// the level, off the UI thread, whenever the references or the level's folder change (editing rails
// and waypoints never reloads it). Views ask it for heights; the plan draws its relief.
#pragma once

#include "core/ground.h"
#include "document/editing/level_document.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace railforge::app {

class GroundModel : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("the editor's ground belongs to its EditorController")
    // Some ground answers (a mesh or heightmap reference with ground: true was read).
    Q_PROPERTY(bool hasGround READ hasGround NOTIFY groundChanged)
    // Reference files that could not be read, one sentence each.
    Q_PROPERTY(QStringList warnings READ warnings NOTIFY groundChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
public:
    explicit GroundModel(document::LevelDocument &document, QObject *parent = nullptr);
    ~GroundModel() override;

    bool hasGround() const { return m_ground && !m_ground->empty(); }
    QStringList warnings() const { return m_warnings; }
    bool busy() const { return m_busy; }
    // The ground as last read (never null; empty without ground references).
    std::shared_ptr<const core::GroundSet> ground() const { return m_ground; }
    // The highest ground at (x, y); undefined where none covers it.
    Q_INVOKABLE QVariant heightAt(double x, double y) const;
    // Waits for a running read (tests).
    Q_INVOKABLE void waitForGround();

signals:
    void groundChanged();
    void busyChanged();

private:
    struct Loaded {
        std::shared_ptr<const core::GroundSet> ground;
        QStringList warnings;
    };
    void reloadIfNeeded();
    void start();

    document::LevelDocument &m_document;
    std::vector<document::Reference> m_references; // what the ground was read from
    QString m_folder;
    bool m_loadedOnce = false;
    std::shared_ptr<const core::GroundSet> m_ground = std::make_shared<core::GroundSet>();
    QStringList m_warnings;
    QFutureWatcher<Loaded> m_watcher;
    bool m_busy = false;
    bool m_pending = false;
};

} // namespace railforge::app
