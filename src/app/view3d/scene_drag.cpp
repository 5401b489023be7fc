#include "app/view3d/scene_drag.h"

#include "app/editor/editor_controller.h"
#include "app/editor/ground_editing.h"
#include "app/editor/rail_point_removal.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/scene_pick.h"
#include "app/view3d/view_camera.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/tool_numbers.h"

#include <cmath>

namespace railforge::app {

void SceneDrag::setScene(LevelScene3D *scene)
{
    if (scene == m_scene) return;
    end();
    m_scene = scene;
    emit sceneChanged();
}

QString SceneDrag::key() const
{
    if (!m_held) return {};
    return QString::fromLatin1(document::kindName(m_held->object.kind)) + ':' +
           QString::fromStdString(m_held->object.id);
}

std::optional<core::Vec3> SceneDrag::heldPosition() const
{
    if (!m_held || !m_scene || !m_scene->controller()) return std::nullopt;
    const auto &level = m_scene->controller()->document()->level();
    const auto at = document::findObject(level, m_held->object);
    if (!at) return std::nullopt;
    if (at->kind == document::ObjectKind::Waypoint) return level.waypoints[at->index].position;
    const auto &points = level.rails[at->index].points;
    if (m_held->point >= points.size()) return std::nullopt;
    return points[m_held->point];
}

bool SceneDrag::begin(ViewCamera3D *camera, double x, double y, bool vertical)
{
    end();
    if (!m_scene || !camera || !m_scene->controller()) return false;
    EditorController *editor = m_scene->controller();
    if (m_scene->keyAt(camera, x, y).startsWith(QLatin1String("junction:"))) return false;
    const auto hit = hitAt(camera, x, y);
    if (!hit || (hit->type != CanvasHit::Type::RailPoint && hit->type != CanvasHit::Type::Waypoint)) return false;
    m_held = Held{hit->object, hit->point, {}, {}, editor->nextMergeKey()};
    const auto position = heldPosition();
    const Ray ray = rayThrough(camera->sceneCamera(), camera->viewport(), {x, y});
    const auto drag =
        position ? PointDrag::grab(*position, ray, vertical ? DragAxis::Vertical : DragAxis::Horizontal) : std::nullopt;
    if (!drag) {
        m_held.reset();
        return false;
    }
    m_held->drag = *drag;
    m_held->lastRay = ray;
    if (hit->type == CanvasHit::Type::RailPoint)
        editor->selection()->setRailPoint(hit->object, int(hit->point));
    else
        editor->selection()->set({hit->object});
    emit activeChanged();
    return true;
}

void SceneDrag::moveTo(ViewCamera3D *camera, double x, double y, bool vertical)
{
    if (!m_held || !camera || !m_scene || !m_scene->controller()) return;
    const Ray ray = rayThrough(camera->sceneCamera(), camera->viewport(), {x, y});
    const DragAxis axis = vertical ? DragAxis::Vertical : DragAxis::Horizontal;
    if (axis != m_held->drag.axis) {
        // The other axis from here on, from where the point and the pointer were at the last step.
        const auto position = heldPosition();
        const auto regrabbed = position ? PointDrag::grab(*position, m_held->lastRay, axis) : std::nullopt;
        if (!regrabbed) return;
        m_held->drag = *regrabbed;
    }
    m_held->lastRay = ray;
    auto target = m_held->drag.follow(ray);
    const auto now = heldPosition();
    if (!target || !now) return;
    EditorController *editor = m_scene->controller();
    const document::ObjectKind kind = m_held->object.kind;
    if (axis == DragAxis::Horizontal) {
        // As in the plan: onto the grid with snapping on, then onto the ground (the surface nearest
        // the point's own height) with ground snapping on.
        const QPointF snapped = editor->snap({target->x, target->y});
        target->x = snapped.x();
        target->y = snapped.y();
        target->z = editor->grounding()->placedHeight(target->x, target->y, kind, now->z);
    } else if (editor->snapEnabled()) {
        target->z = document::toolPosition(std::round(target->z / editor->snapSize()) * editor->snapSize());
    }
    if (*target == *now) return;
    auto &document = *editor->document();
    if (kind == document::ObjectKind::Waypoint) {
        document::moveObjects(document, {m_held->object}, *target - *now, m_held->mergeKey);
        return;
    }
    const std::string why =
        document::moveRailPoint(document, m_held->object.id, m_held->point, *target, m_held->mergeKey);
    if (!why.empty()) editor->showStatus(QString::fromStdString(why));
}

std::optional<CanvasHit> SceneDrag::hitAt(ViewCamera3D *camera, double x, double y) const
{
    if (!m_scene || !camera || !m_scene->controller()) return std::nullopt;
    return pickScene(m_scene->pickScene(), camera->sceneCamera(), camera->viewport(), {x, y},
                     m_scene->controller()->layers());
}

bool SceneDrag::insertAt(ViewCamera3D *camera, double x, double y)
{
    const auto hit = hitAt(camera, x, y);
    if (!hit || hit->type != CanvasHit::Type::RailCurve) return false;
    EditorController *editor = m_scene->controller();
    document::insertRailPointOnCurve(*editor->document(), hit->object.id, hit->point, hit->u);
    editor->selection()->setRailPoint(hit->object, int(hit->point + 1));
    return true;
}

bool SceneDrag::removeAt(ViewCamera3D *camera, double x, double y)
{
    const auto hit = hitAt(camera, x, y);
    if (!hit || hit->type != CanvasHit::Type::RailPoint) return false;
    EditorController *editor = m_scene->controller();
    const auto said = removeRailPointSaying(*editor->document(), hit->object.id, hit->point);
    if (said && !said->isEmpty()) editor->showStatus(*said);
    return said.has_value();
}

void SceneDrag::end()
{
    if (!m_held) return;
    m_held.reset();
    emit activeChanged();
}

} // namespace railforge::app
