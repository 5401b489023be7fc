#include "app/view3d/scenery_loader.h"

#include "app/view3d/scene_meshes.h"
#include "document/ground/level_ground.h"

#include <QtConcurrent>

namespace railforge::app {

SceneryLoader::SceneryLoader(QObject *parent) : QObject(parent) {}

SceneryLoader::~SceneryLoader()
{
    m_cancel->store(true); // then m_job waits for the read to notice
}

void SceneryLoader::update(const std::vector<document::Reference> &references, const document::ProjectFiles &files)
{
    std::vector<document::Reference> shown;
    for (const auto &r : references)
        if (r.visible && r.kind != document::ReferenceKind::Image) shown.push_back(r);
    if (m_request.take(std::move(shown), files)) m_job.request(); // now, or again once the running read is done
}

QFuture<std::vector<SceneryMesh>> SceneryLoader::readReferences()
{
    document::Level level;
    level.references = m_request.references;
    return QtConcurrent::run([level = std::move(level), files = *m_request.files, cancel = m_cancel] {
        const document::ReadBudget budget(files.rules().timeLimit, cancel);
        std::vector<SceneryMesh> out;
        for (const auto &r : level.references) {
            const document::LevelGround read = document::loadLevelGround(level, files, budget, r.id);
            for (const auto &source : read.ground.sources())
                out.push_back({groundSourceMesh(*source), r.ground, r.color});
        }
        return out;
    });
}

void SceneryLoader::waitForFinished()
{
    m_job.wait(); // until the last read's result is in
}

} // namespace railforge::app
