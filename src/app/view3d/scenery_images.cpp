#include "app/view3d/scenery_images.h"

#include "app/ground/reference_access.h"
#include "document/ground/reference_files.h"

#include <QtConcurrent>

namespace railforge::app {

SceneryImages::SceneryImages(QObject *parent) : QObject(parent) {}

SceneryImages::~SceneryImages()
{
    m_cancel->store(true); // the reader is killed at its next look; then m_job waits for the thread
}

void SceneryImages::update(const std::vector<document::Reference> &references, const document::ProjectFiles &files)
{
    std::vector<document::Reference> shown;
    for (const auto &r : references)
        if (r.visible && r.kind == document::ReferenceKind::Image) shown.push_back(r);
    if (m_request.take(std::move(shown), files)) m_job.request();
}

QFuture<std::vector<SceneryImage>> SceneryImages::readImages()
{
    return QtConcurrent::run([references = m_request.references, files = *m_request.files, cancel = m_cancel] {
        const document::ReadBudget budget(files.rules().timeLimit, cancel);
        std::vector<SceneryImage> out;
        for (const auto &r : references) {
            document::ReferenceProblem problem; // the outliner says it
            if (auto read = document::readReferenceImage(r, files, budget, kMaxShownImageSide, &problem))
                out.push_back({r, std::move(read)});
        }
        return out;
    });
}

} // namespace railforge::app
