#include "app/plan/reference_layer.h"

#include "app/ground/reference_access.h"
#include "document/ground/reference_files.h"

#include <QCoreApplication>
#include <QPainter>
#include <QtConcurrent/QtConcurrentRun>

namespace railforge::app {

ReferenceLayer::ReferenceLayer(document::LevelDocument &document, GroundModel &ground, QObject *parent)
    : QObject(parent), m_document(document), m_ground(ground)
{
    // The relief follows the ground (read when the references change); images follow the references.
    connect(&m_ground, &GroundModel::groundChanged, this, &ReferenceLayer::schedule);
    connect(&m_ground.access(), &ReferenceAccess::rulesChanged, this, &ReferenceLayer::schedule);
    connect(&m_document, &document::LevelDocument::levelChanged, this, [this](const auto &change) {
        if (change.touchesKind(document::ObjectKind::Reference)) schedule();
    });
    schedule();
}

ReferenceLayer::~ReferenceLayer()
{
    m_cancel->store(true); // then m_job waits for the read to notice
}

QFuture<ReferenceLayer::Rendered> ReferenceLayer::render()
{
    std::vector<document::Reference> images;
    bool showGround = false;
    for (const document::Reference &r : m_document.level().references) {
        // An image of a file the ground is reading as a heightmap is drawn once the ground holds its
        // heights (the layer renders again then): one decode for both.
        if (r.kind == document::ReferenceKind::Image && r.visible && !m_ground.readsAsHeights(r.file))
            images.push_back(r);
        if (r.kind != document::ReferenceKind::Image && r.visible) showGround = true;
    }
    auto ground = showGround ? m_ground.ground() : std::make_shared<const core::GroundSet>();
    return QtConcurrent::run([images = std::move(images), ground, files = m_ground.access().files(),
                              contours = m_contours, cancel = m_cancel] {
        Rendered out;
        const document::ReadBudget budget(files.rules().timeLimit, cancel);
        for (const document::Reference &r : images) {
            document::ReferenceProblem problem; // said in the outliner and by validate
            const auto image = document::readReferenceImage(r, files, budget, kMaxShownImageSide, &problem);
            if (!image) continue;
            out.decoded.push_back(image); // references naming one file share one decode
            out.images.push_back({image->convertToFormat(QImage::Format_ARGB32_Premultiplied),
                                  QRectF(QPointF(r.rect[0], r.rect[1]), QPointF(r.rect[2], r.rect[3])), r.opacity});
        }
        out.relief = renderGroundRelief(*ground, 1024, contours);
        return out;
    });
}

void ReferenceLayer::setContours(bool on)
{
    if (on == m_contours) return;
    m_contours = on;
    schedule();
}

void ReferenceLayer::waitForReady()
{
    while (m_job.busy() || m_ground.busy()) {
        m_ground.waitForGround();
        m_job.wait();
    }
}

void ReferenceLayer::paint(QPainter &painter, const ViewTransform &view) const
{
    auto screenRect = [&](const QRectF &world) {
        // World y grows up, screen y down: the top-left on screen is (x0, y1).
        return QRectF(view.toScreen({world.left(), world.bottom()}), view.toScreen({world.right(), world.top()}));
    };
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    // The relief first: an image traced over the terrain (a plan of the level) lies on top of it.
    if (!m_shown.relief.image.isNull()) painter.drawImage(screenRect(m_shown.relief.world), m_shown.relief.image);
    for (const Image &image : m_shown.images) {
        painter.setOpacity(image.opacity);
        painter.drawImage(screenRect(image.world), image.image);
    }
    painter.restore();
}

} // namespace railforge::app
