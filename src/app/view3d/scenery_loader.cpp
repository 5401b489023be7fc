#include "app/view3d/scenery_loader.h"

#include "app/view3d/scene_meshes.h"
#include "document/ground/level_ground.h"

#include <QtConcurrent>

namespace railforge::app {

SceneryLoader::SceneryLoader(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<std::vector<SceneryMesh>>::finished, this, [this] {
        m_meshes = m_watcher.result();
        m_loading = m_pending;
        emit loaded();
        if (m_pending) start();
    });
}

SceneryLoader::~SceneryLoader()
{
    m_cancel->store(true);
    m_watcher.waitForFinished();
}

void SceneryLoader::update(const std::vector<document::Reference> &references, const document::ProjectFiles &files)
{
    std::vector<document::Reference> shown;
    for (const auto &r : references)
        if (r.visible && r.kind != document::ReferenceKind::Image) shown.push_back(r);
    const bool sameFiles =
        m_files && m_files->levelFolder() == files.levelFolder() && m_files->rules() == files.rules();
    if (m_asked && shown == m_references && sameFiles) return;
    m_asked = true;
    m_references = std::move(shown);
    m_files = files;
    start();
}

void SceneryLoader::start()
{
    if (m_watcher.isRunning()) {
        m_pending = true; // read again once this read is done
        return;
    }
    m_pending = false;
    m_loading = true;
    document::Level level;
    level.references = m_references;
    m_watcher.setFuture(QtConcurrent::run([level = std::move(level), files = *m_files, cancel = m_cancel] {
        const document::ReadBudget budget(files.rules().timeLimit, cancel);
        std::vector<SceneryMesh> out;
        for (const auto &r : level.references) {
            const document::LevelGround read = document::loadLevelGround(level, files, budget, r.id);
            for (const auto &source : read.ground.sources())
                out.push_back({groundSourceMesh(*source), r.ground, r.color});
        }
        return out;
    }));
}

void SceneryLoader::waitForFinished()
{
    // Until the last read's result is in (a read that already ended still has its `finished` to deliver).
    while (m_loading) {
        m_watcher.waitForFinished();
        QCoreApplication::sendPostedEvents(&m_watcher); // delivers `finished`, which may start the next read
        QCoreApplication::processEvents();
    }
}

} // namespace railforge::app
