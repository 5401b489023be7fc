// LevelScene3D under the pointer (a file of its own: the scene's file is long enough): what is under
// it (the select tool's clicks and drags are scene_placing.h's), and the hover highlight.
#include "app/view3d/level_scene.h"

namespace railforge::app {

PickScene LevelScene3D::pickScene() const
{
    PickScene scene;
    if (!m_controller) return scene;
    scene.level = &m_controller->document()->level();
    for (const RailEntry *entry : m_railOrder) scene.rails.push_back(&entry->samples);
    scene.obstacleBottom = m_obstacleBottom;
    scene.obstacleTop = m_obstacleTop;
    scene.pointsShown = railPointsShown(*scene.level, m_controller->selection()->objects());
    return scene;
}

std::optional<std::string> LevelScene3D::junctionAt(ViewCamera3D *camera, double x, double y) const
{
    // Junctions are drawn with the rails and picked before anything else, as on the plan.
    if (!m_controller || !camera || !m_controller->layers()->pickable(document::ObjectKind::Rail) ||
        !m_controller->layers()->pickable(document::ObjectKind::Junction))
        return std::nullopt;
    return junctionUnder(m_junctions, camera->sceneCamera(), camera->viewport(), {x, y}, kJunctionPickPixels);
}

QString LevelScene3D::keyAt(ViewCamera3D *camera, double x, double y) const
{
    if (!m_controller || !camera) return {};
    if (const auto junction = junctionAt(camera, x, y))
        return QStringLiteral("junction:") + QString::fromStdString(*junction);
    const auto hit =
        app::pickScene(pickScene(), camera->sceneCamera(), camera->viewport(), {x, y}, m_controller->layers());
    return hit ? Selection::keyOf(hit->object) : QString();
}

void LevelScene3D::hoverAt(ViewCamera3D *camera, double x, double y)
{
    const QString key = keyAt(camera, x, y);
    if (key == m_hoveredKey) return;
    m_hoveredKey = key;
    updateFlags();
    emit hoveredKeyChanged();
}

void LevelScene3D::setPlanHover(const QString &id)
{
    if (id == m_planHover) return;
    m_planHover = id;
    updateFlags();
    emit planHoverChanged();
}

void LevelScene3D::clearHover()
{
    if (m_hoveredKey.isEmpty()) return;
    m_hoveredKey.clear();
    updateFlags();
    emit hoveredKeyChanged();
}

} // namespace railforge::app
