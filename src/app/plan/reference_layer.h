// What the plan draws under its grid for the level's references: each visible image over its world
// rectangle at its opacity, and the relief of the ground (ground_relief.h). Images are read and the
// relief rendered when the references change, off the UI thread; a drag on the level never waits.
#pragma once

#include "app/ground/ground_model.h"
#include "app/jobs/latest_wins.h"
#include "app/plan/ground_relief.h"
#include "app/plan/view_transform.h"

#include <QImage>
#include <QObject>

#include <atomic>
#include <memory>
#include <vector>

class QPainter;

namespace railforge::app {

class ReferenceLayer : public QObject {
    Q_OBJECT
public:
    ReferenceLayer(document::LevelDocument &document, GroundModel &ground, QObject *parent = nullptr);
    ~ReferenceLayer() override;

    // Draws the images and the relief (world to screen by `view`).
    void paint(QPainter &painter, const ViewTransform &view) const;
    bool busy() const { return m_job.busy(); }
    // Contour lines on the relief (on at first).
    bool contours() const { return m_contours; }
    void setContours(bool on);
    // Waits for a running render (tests and golden images).
    void waitForReady();

signals:
    // Something new to draw.
    void changed();

private:
    struct Image {
        QImage image;
        QRectF world;
        double opacity = 1.0;
    };
    struct Rendered {
        std::vector<Image> images;
        // The decodes the images came from, held while they are shown: the 3D view, and any other
        // reference naming the same file, share them instead of decoding again.
        std::vector<std::shared_ptr<const QImage>> decoded;
        GroundRelief relief;
    };
    void schedule() { m_job.request(); }
    // Takes the references now and renders them off the UI thread.
    QFuture<Rendered> render();

    document::LevelDocument &m_document;
    GroundModel &m_ground;
    Rendered m_shown;
    bool m_contours = true;
    // Set when the layer goes (the window closes): a reader still at work is killed at once.
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
    LatestWins<Rendered> m_job{this, [this] { return std::optional(render()); },
                               [this](QFutureWatcher<Rendered> &done) {
                                   m_shown = done.result();
                                   emit changed();
                               }};
};

} // namespace railforge::app
