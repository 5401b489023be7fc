// The level's reference images as the 3D view lays them: every visible image reference, decoded off
// the UI thread (in a railforge-reader, document/ground/reference_files.h), scaled to at most
// kMaxShownImageSide, again only when the images, the level's folder or the rules change. A file that
// cannot be read is left out (the outliner names it). Cancelled when the view goes.
#pragma once

#include "app/jobs/latest_wins.h"
#include "app/view3d/reference_request.h"
#include "document/files/project_files.h"
#include "document/model/reference.h"

#include <QImage>
#include <QObject>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace railforge::app {

struct SceneryImage {
    document::Reference reference;
    // Held, not copied: while the view shows it, every other reference, view or thread that reads the
    // same file shares this decode (document/ground/shared_images.h).
    std::shared_ptr<const QImage> pixels;
};

class SceneryImages : public QObject {
    Q_OBJECT
public:
    explicit SceneryImages(QObject *parent = nullptr);
    ~SceneryImages() override;

    // Reads the visible images of `references` under `files` unless they are what was read last.
    void update(const std::vector<document::Reference> &references, const document::ProjectFiles &files);
    // Reads them again at the next update (the rules changed).
    void forget() { m_request.asked = false; }
    const std::vector<SceneryImage> &images() const { return m_images; }
    // Waits for a running read (tests).
    void waitForFinished() { m_job.wait(); }

signals:
    void loaded();

private:
    QFuture<std::vector<SceneryImage>> readImages();

    ReferenceRequest m_request; // the visible images asked for
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false); // on destruction
    std::vector<SceneryImage> m_images;
    LatestWins<std::vector<SceneryImage>> m_job{this, [this] { return std::optional(readImages()); },
                                                [this](QFutureWatcher<std::vector<SceneryImage>> &done) {
                                                    m_images = done.result();
                                                    emit loaded();
                                                }};
};

} // namespace railforge::app
