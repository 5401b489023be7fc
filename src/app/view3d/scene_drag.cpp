#include "app/view3d/scene_drag.h"

#include "app/editor/editor_controller.h"
#include "app/editor/ground_editing.h"
#include "app/editor/rail_point_removal.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/scene_pick.h"
#include "app/view3d/view_camera.h"
#include "document/editing/junction_editing.h"
#include "document/editing/level_editing.h"
#include "document/editing/point_handle.h"
#include "document/model/junction_network.h"
#include "document/model/tool_numbers.h"

#include <algorithm>
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
    if (!m_held->junction.empty()) return QStringLiteral("junction:") + QString::fromStdString(m_held->junction);
    return QString::fromLatin1(document::kindName(m_held->object.kind)) + ':' +
           QString::fromStdString(m_held->object.id);
}

std::optional<core::Vec3> SceneDrag::heldPosition() const
{
    if (!m_held || !m_scene || !m_scene->controller()) return std::nullopt;
    const auto &level = m_scene->controller()->document()->level();
    if (!m_held->junction.empty()) {
        const auto j = std::find_if(level.junctions.begin(), level.junctions.end(),
                                    [&](const document::Junction &x) { return x.id == m_held->junction; });
        return j == level.junctions.end() ? std::nullopt : document::junctionPoint(level, *j);
    }
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
    const QString under = m_scene->keyAt(camera, x, y);
    if (under.startsWith(QLatin1String("junction:"))) {
        // A junction slides along its rail: read the pointer on the horizontal plane through it.
        m_held.emplace();
        m_held->junction = under.mid(9).toStdString();
        m_held->mergeKey = editor->nextMergeKey();
        m_held->undoIndex = editor->document()->undoStack()->index();
        const auto position = heldPosition();
        const Ray ray = rayThrough(camera->sceneCamera(), camera->viewport(), {x, y});
        const auto drag = position ? PointDrag::grab(*position, ray, DragAxis::Horizontal) : std::nullopt;
        if (!drag) {
            m_held.reset();
            return false;
        }
        m_held->drag = *drag;
        m_held->lastRay = ray;
        emit activeChanged();
        return true;
    }
    const auto hit = hitAt(camera, x, y);
    if (!hit || (hit->type != CanvasHit::Type::RailPoint && hit->type != CanvasHit::Type::Waypoint)) return false;
    m_held.emplace();
    m_held->object = hit->object;
    m_held->point = hit->point;
    m_held->mergeKey = editor->nextMergeKey();
    m_held->undoIndex = editor->document()->undoStack()->index();
    // A rail's control point is a grip of the handle protocol, as on the plan and the gizmo.
    if (hit->type == CanvasHit::Type::RailPoint)
        m_held->grip.emplace(*editor->document(),
                             document::PointHandle{hit->object.id, hit->point, document::Grip::Point},
                             m_held->mergeKey);
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
    if (!m_held->junction.empty()) {
        const auto target = m_held->drag.follow(ray);
        if (target)
            document::moveJunction(*m_scene->controller()->document(), m_held->junction, *target, m_held->mergeKey);
        return;
    }
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
    auto &document = *editor->document();
    if (kind == document::ObjectKind::Rail) {
        // An open rail's end near another rail goes onto it (let go there, it joins it).
        const auto at = document::findObject(document.level(), m_held->object);
        const document::Rail *rail = at ? &document.level().rails[at->index] : nullptr;
        const bool end = rail && !rail->closed && (m_held->point == 0 || m_held->point + 1 == rail->points.size());
        setJoin(camera, end ? joinTarget(camera, x, y) : std::nullopt);
        if (m_held->join) *target = m_held->join->point;
    }
    if (*target == *now) return;
    if (kind == document::ObjectKind::Waypoint) {
        document::moveObjects(document, {m_held->object}, *target - *now, m_held->mergeKey);
        return;
    }
    const std::string why = m_held->grip->moveTo(*target);
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

std::optional<JoinTarget> SceneDrag::joinTarget(ViewCamera3D *camera, double x, double y) const
{
    const PickScene scene = m_scene->pickScene();
    const SceneCamera view = camera->sceneCamera();
    std::vector<JoinCandidate> candidates;
    for (std::size_t r = 0; r < scene.level->rails.size() && r < scene.rails.size(); ++r) {
        const auto near = nearestOnRail(*scene.rails[r], view, camera->viewport(), {x, y});
        if (!near) continue;
        // How far the place shows from the rail's ends, through this camera.
        const core::ArcLengthTable &table = scene.rails[r]->table();
        const auto here = project(view, camera->viewport(), core::sampleAt(table, near->s).position);
        auto pixelsTo = [&](double s) {
            const auto there = project(view, camera->viewport(), core::sampleAt(table, s).position);
            return here && there ? std::hypot(here->at.x() - there->at.x(), here->at.y() - there->at.y()) : 1e9;
        };
        candidates.push_back({r, near->s, near->pixels, pixelsTo(0.0), pixelsTo(scene.rails[r]->length)});
    }
    EditorController *editor = m_scene->controller();
    return chooseJoin(
        *scene.level, m_held->object.id, candidates, editor->layers(),
        [&](double s) {
            return editor->snap({s, 0.0}).x();
        },
        editor->document()->railGeometryOf());
}

void SceneDrag::setJoin(ViewCamera3D *camera, std::optional<JoinTarget> join)
{
    m_held->join = std::move(join);
    QVariant at;
    if (m_held->join && camera)
        if (const auto p = project(camera->sceneCamera(), camera->viewport(), m_held->join->point)) at = p->at;
    if (at == m_joinAt) return;
    m_joinAt = at;
    emit joinChanged();
}

bool SceneDrag::cancel()
{
    if (!m_held || !m_scene || !m_scene->controller()) return false;
    document::takeBackSince(*m_scene->controller()->document(), m_held->undoIndex);
    m_held->join.reset();
    end();
    return true;
}

void SceneDrag::end(bool freeJoin)
{
    if (!m_held) return;
    if (m_held->join && m_scene && m_scene->controller()) {
        // The drag and the join are one step: the drag is taken back, and the join moves the end.
        auto &document = *m_scene->controller()->document();
        m_held->grip->cancel();
        const auto at = document::findObject(document.level(), m_held->object);
        const bool start = m_held->point == 0;
        if (at) {
            const std::string why = document::joinRailEnd(document, m_held->object.id,
                                                          start ? document::RailEnd::Start : document::RailEnd::End,
                                                          m_held->join->rail, m_held->join->s, 1e-9, !freeJoin);
            if (!why.empty()) m_scene->controller()->showStatus(QString::fromStdString(why));
        }
    }
    m_held.reset();
    if (m_joinAt.isValid()) {
        m_joinAt = QVariant();
        emit joinChanged();
    }
    emit activeChanged();
}

} // namespace railforge::app
