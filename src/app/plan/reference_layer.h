// What the plan draws under its grid for the level's references: each visible image over its world
// rectangle at its opacity, and the relief of the ground (ground_relief.h). Images are read and the
// relief rendered when the references change, off the UI thread; a drag on the level never waits.
#pragma once

#include "app/ground/ground_model.h"
#include "app/plan/ground_relief.h"
#include "app/plan/view_transform.h"

#include <QFutureWatcher>
#include <QImage>
#include <QObject>

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
    bool busy() const { return m_busy; }
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
        GroundRelief relief;
    };
    void schedule();

    document::LevelDocument &m_document;
    GroundModel &m_ground;
    std::vector<document::Reference> m_references;
    Rendered m_shown;
    QFutureWatcher<Rendered> m_watcher;
    bool m_busy = false;
    bool m_pending = false;
    bool m_contours = true;
};

} // namespace railforge::app
