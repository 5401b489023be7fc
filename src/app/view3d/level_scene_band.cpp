// LevelScene3D's rubber band (a file of its own: the scene's file is long enough).
#include "app/editor/band_selection.h"
#include "app/view3d/level_scene.h"

namespace railforge::app {

void LevelScene3D::selectInBand(ViewCamera3D *camera, double x0, double y0, double x1, double y1, bool additive)
{
    if (!m_controller || !camera) return;
    const QRectF band = QRectF(QPointF(x0, y0), QPointF(x1, y1)).normalized();
    const SceneCamera view = camera->sceneCamera();
    const QSizeF viewport = camera->viewport();
    // A point behind the camera is not inside, whatever its projection.
    auto inside = [&](core::Vec3 p) {
        const auto at = project(view, viewport, p);
        return at && band.contains(at->at);
    };
    Selection *selection = m_controller->selection();
    std::set<document::ObjectId> picked = additive ? selection->objects() : std::set<document::ObjectId>{};
    picked.merge(objectsInBand(m_controller->document()->level(), inside, m_controller->layers(), m_obstacleBottom));
    selection->set(std::move(picked));
}

} // namespace railforge::app
