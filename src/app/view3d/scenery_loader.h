// The level's meshes and heightmaps as the 3D view draws them: every visible mesh or heightmap
// reference, whether points land on it (ground) or not (a building traced around), read from the
// project's files (under the editor's rules, document/files/project_files.h) off the UI thread, again
// only when the references, the level's folder or the rules change. A file that cannot be read is left
// out (the outliner names it).
#pragma once

#include "app/jobs/latest_wins.h"
#include "app/view3d/rail_ribbon.h"
#include "app/view3d/reference_request.h"
#include "document/files/project_files.h"
#include "document/model/reference.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace railforge::app {

struct SceneryMesh {
    TriangleMesh mesh;
    bool ground = true; // its reference is ground (drawn as terrain) or not (drawn as a building)
    std::string color;  // its reference's colour ("#RRGGBB"; "" for the default)
};

class SceneryLoader : public QObject {
    Q_OBJECT
public:
    explicit SceneryLoader(QObject *parent = nullptr);
    ~SceneryLoader() override;

    // Reads the visible meshes and heightmaps of `references` under `files` unless they are what was
    // read last.
    void update(const std::vector<document::Reference> &references, const document::ProjectFiles &files);
    const std::vector<SceneryMesh> &meshes() const { return m_meshes; }
    // Waits for a running read (tests).
    void waitForFinished();

signals:
    void loaded();

private:
    // Reads the references asked for off the UI thread.
    QFuture<std::vector<SceneryMesh>> readReferences();

    ReferenceRequest m_request; // the visible meshes and heightmaps asked for
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false); // on destruction
    std::vector<SceneryMesh> m_meshes;
    LatestWins<std::vector<SceneryMesh>> m_job{this, [this] { return std::optional(readReferences()); },
                                               [this](QFutureWatcher<std::vector<SceneryMesh>> &done) {
                                                   m_meshes = done.result();
                                                   emit loaded();
                                               }};
};

} // namespace railforge::app
