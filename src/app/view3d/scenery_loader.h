// The level's meshes and heightmaps as the 3D view draws them: every visible mesh or heightmap
// reference, whether points land on it (ground) or not (a building traced around), read from the
// files next to the level off the UI thread, again only when the references or the level's folder
// change. A file that cannot be read is left out (the ground's warnings name it).
#pragma once

#include "app/view3d/rail_ribbon.h"
#include "document/model/reference.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <vector>

namespace railforge::app {

struct SceneryMesh {
    TriangleMesh mesh;
    bool ground = true; // its reference is ground (drawn as terrain) or not (drawn as a building)
};

class SceneryLoader : public QObject {
    Q_OBJECT
public:
    explicit SceneryLoader(QObject *parent = nullptr);
    ~SceneryLoader() override;

    // Reads the visible meshes and heightmaps of `references` (paths relative to `folder`) unless
    // they are what was read last.
    void update(const std::vector<document::Reference> &references, const QString &folder);
    const std::vector<SceneryMesh> &meshes() const { return m_meshes; }
    // Waits for a running read (tests).
    void waitForFinished();

signals:
    void loaded();

private:
    void start();

    std::vector<document::Reference> m_references; // the visible meshes and heightmaps asked for
    QString m_folder;
    bool m_asked = false;
    bool m_pending = false;
    bool m_loading = false; // a read was started whose result has not been taken yet
    std::vector<SceneryMesh> m_meshes;
    QFutureWatcher<std::vector<SceneryMesh>> m_watcher;
};

} // namespace railforge::app
